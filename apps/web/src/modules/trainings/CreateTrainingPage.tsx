import { Alert, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formMessage } from '../../lib/formErrors';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { useAiModels } from '../ai-models/useAiModelsApi';
import { DEFAULT_DRAFT, PARAMETER_LABELS, parseStart, type ParameterDraft } from './parameters';
import { trainingPath } from './paths';
import { SegmentationChecklist } from './SegmentationChecklist';
import { useCreateTraining, useTrainSegmentations } from './useTrainingApi';
import { trainingSetWarnings } from './warnings';

const FIELDS: { key: keyof ParameterDraft; description: string }[] = [
  { key: 'epochs', description: '1 to 1000' },
  { key: 'validationSplit', description: 'Held out, 0.05 to 0.5' },
  { key: 'learningRate', description: 'Above 0, at most 1' },
  { key: 'patchSize', description: 'x, y, z voxels, 8 to 512' },
];

/**
 * /ai2-trainings/create (r:ai-trainings): a model, then the team's segmentations of its structure (the
 * invalid ones marked and not selectable), the start's parameters; create, then start.
 */
export function CreateTrainingPage() {
  const models = useAiModels({});
  const create = useCreateTraining();
  const navigate = useNavigate();
  const [modelId, setModelId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [draft, setDraft] = useState<ParameterDraft>(DEFAULT_DRAFT);
  const start = parseStart(draft);
  const ready = modelId !== null && chosen.length > 0 && start.ok;
  const model = models.data?.find((m) => m.id === modelId);
  const offered = useTrainSegmentations(modelId);
  const warnings = model
    ? trainingSetWarnings(
        (offered.data ?? []).filter((s) => chosen.includes(s.segmentation_id)),
        model.min_training_segmentations,
      )
    : [];
  const missing =
    modelId === null
      ? 'Choose a model.'
      : chosen.length === 0
        ? 'Choose at least one valid segmentation.'
        : null;

  const submit = () => {
    if (!ready || !start.ok) return;
    create.mutate(
      { create: { modelId, segmentationIds: chosen }, start: start.value },
      { onSuccess: (id) => void navigate(trainingPath(id)) },
    );
  };

  return (
    <Stack gap="md">
      <PageHeader title="New training" />
      <Select
        label="Model"
        placeholder="Choose a model"
        w={360}
        searchable
        data={(models.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` }))}
        value={modelId === null ? null : String(modelId)}
        onChange={(v) => {
          setModelId(v === null ? null : Number(v));
          setChosen([]);
        }}
        nothingFoundMessage="No models"
      />
      {model && (
        <Text size="sm" c="dimmed" data-testid="training-model-segments">
          {`Its segments: ${model.segments.map((g) => `${g.title} (${g.value})`).join(', ')}. A segmentation is valid when its segments are these, by title and value.`}
        </Text>
      )}
      {modelId !== null && (
        <>
          <Title order={2} size="h4">
            Segmentations
          </Title>
          <SegmentationChecklist modelId={modelId} value={chosen} onChange={setChosen} />
        </>
      )}
      <Title order={2} size="h4">
        Parameters
      </Title>
      <Group align="flex-start">
        {FIELDS.map((f) => (
          <TextInput
            key={f.key}
            label={PARAMETER_LABELS[f.key]}
            description={f.description}
            w={220}
            value={draft[f.key]}
            onChange={(e) => setDraft({ ...draft, [f.key]: e.currentTarget.value })}
          />
        ))}
      </Group>
      {!start.ok && <FormAlert message={start.error} />}
      {warnings.length > 0 && (
        <Alert color="orange" title="This training may learn nothing" data-testid="training-start-warnings">
          {warnings.map((w) => (
            <Text key={w} size="sm" data-testid="training-start-warning">
              {w}
            </Text>
          ))}
        </Alert>
      )}
      <FormAlert message={formMessage(create.error)} />
      <Group>
        <Button onClick={submit} disabled={!ready} loading={create.isPending}>
          Start training
        </Button>
        {missing && (
          <Text size="sm" c="dimmed">
            {missing}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
