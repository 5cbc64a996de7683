import { Button, Card, Group, SegmentedControl, Select, Stack } from '@mantine/core';
import type { InferenceBatch } from '@voxa/contracts';
import { useState } from 'react';
import { formMessage } from '../../lib/formErrors';
import { FormAlert } from '../../ui/FormAlert';
import { useLabels } from '../labels/useLabels';
import { StudyChecklist } from './StudyChecklist';
import { useCreateBatch, useInferenceModels } from './useInferenceApi';

export interface BatchFormProps {
  onStarted: (batch: InferenceBatch) => void;
}

/** One model over chosen studies, or over every study of a label. */
export function BatchForm({ onStarted }: BatchFormProps) {
  const models = useInferenceModels();
  const labels = useLabels();
  const create = useCreateBatch();
  const [modelId, setModelId] = useState<string | null>(null);
  const [by, setBy] = useState<'studies' | 'label'>('studies');
  const [studies, setStudies] = useState<string[]>([]);
  const [labelId, setLabelId] = useState<string | null>(null);
  const chosen = by === 'studies' ? studies.length > 0 : labelId !== null;

  const start = () => {
    if (modelId === null || !chosen) return;
    const body =
      by === 'studies'
        ? { modelId: Number(modelId), studies }
        : { modelId: Number(modelId), labelId: Number(labelId) };
    create.mutate(body, {
      onSuccess: (batch) => {
        setStudies([]);
        onStarted(batch);
      },
    });
  };

  return (
    <Card withBorder data-testid="batch-form">
      <Stack>
        <Group align="flex-end">
          <Select
            label="Model"
            placeholder="Choose a model"
            w={340}
            searchable
            data={(models.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` }))}
            value={modelId}
            onChange={setModelId}
          />
          <SegmentedControl
            aria-label="Run over"
            data={[
              { value: 'studies', label: 'Studies' },
              { value: 'label', label: 'A label' },
            ]}
            value={by}
            onChange={(v) => setBy(v === 'label' ? 'label' : 'studies')}
          />
        </Group>
        {by === 'studies' ? (
          <StudyChecklist value={studies} onChange={setStudies} />
        ) : (
          <Select
            label="Label"
            placeholder="Every study with this label"
            w={280}
            searchable
            data={(labels.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
            value={labelId}
            onChange={setLabelId}
          />
        )}
        <Group>
          <Button onClick={start} disabled={modelId === null || !chosen} loading={create.isPending}>
            Start
          </Button>
        </Group>
        <FormAlert message={formMessage(create.error)} />
      </Stack>
    </Card>
  );
}
