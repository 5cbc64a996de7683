import { Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import type { InferenceCreated, SeriesListItem } from '@voxa/contracts';
import { useState } from 'react';
import { formMessage } from '../../lib/formErrors';
import { FormAlert } from '../../ui/FormAlert';
import { parseParameters, parseRuns } from './parameters';
import { convertedSeries, defaultSeries, seriesLabel } from './series';
import { useInferenceModels, useRunInference } from './useInferenceApi';

export interface RunModelFormProps {
  /** The case: the study's uuid. */
  caseUuid: string;
  series: SeriesListItem[];
  /** Series and model only, started with the model's defaults (the v2 page). */
  compact?: boolean;
  onStarted: (created: InferenceCreated) => void;
}

/** Runs a model over a series of a case: create, then start with n and mp (decision 0049). */
export function RunModelForm({ caseUuid, series, compact = false, onStarted }: RunModelFormProps) {
  const models = useInferenceModels();
  const run = useRunInference();
  const readable = convertedSeries(series);
  const [seriesUuid, setSeriesUuid] = useState<string | null>(defaultSeries(series)?.uuid ?? null);
  const [modelId, setModelId] = useState<string | null>(null);
  const [runs, setRuns] = useState('');
  const [mpText, setMpText] = useState('');
  const n = parseRuns(runs);
  const mp = parseParameters(mpText);
  const valid = modelId !== null && n.ok && mp.ok;

  const submit = () => {
    if (!valid) return;
    run.mutate(
      {
        create: { caseId: caseUuid, modelId: Number(modelId), taskId: seriesUuid },
        ...(n.value !== null && { n: n.value }),
        ...(Object.keys(mp.value).length > 0 && { mp: mp.value }),
      },
      { onSuccess: onStarted },
    );
  };

  return (
    <Stack gap="sm" data-testid="run-model-form">
      <Group align="flex-end">
        <Select
          label="Series"
          placeholder={readable.length ? 'Reference series' : 'No converted series'}
          w={260}
          data={readable.map((s) => ({ value: s.uuid, label: seriesLabel(s) }))}
          value={seriesUuid}
          onChange={setSeriesUuid}
          clearable
        />
        <Select
          label="Model"
          placeholder="Choose a model"
          w={340}
          searchable
          data={(models.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` }))}
          value={modelId}
          onChange={setModelId}
          nothingFoundMessage="No models"
        />
        {compact && (
          <Button onClick={submit} disabled={!valid} loading={run.isPending}>
            Run
          </Button>
        )}
      </Group>
      {!compact && (
        <>
          <TextInput
            label="n"
            description="How many results the worker may return; empty: the model's default."
            w={260}
            value={runs}
            onChange={(e) => setRuns(e.currentTarget.value)}
            error={n.ok ? undefined : n.error}
          />
          <Textarea
            label="Model parameters (mp)"
            description="A JSON object passed to the worker; empty: the team's defaults."
            autosize
            minRows={3}
            ff="monospace"
            value={mpText}
            onChange={(e) => setMpText(e.currentTarget.value)}
            error={mp.ok ? undefined : mp.error}
          />
          <Group>
            <Button onClick={submit} disabled={!valid} loading={run.isPending}>
              Start
            </Button>
          </Group>
        </>
      )}
      <FormAlert message={formMessage(run.error)} />
    </Stack>
  );
}
