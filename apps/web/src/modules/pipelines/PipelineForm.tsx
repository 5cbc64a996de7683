import { Button, Group, MultiSelect, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import * as api from '@voxa/contracts/areas';
import { fullAiModels, PIPELINE_ACQUISITIONS_MAX, PIPELINE_NAME_MAX } from '@voxa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call } from '../../lib/api';
import { fieldError, formMessage } from '../../lib/formErrors';
import { FormAlert } from '../../ui/FormAlert';
import { useAcquisitions, useModalities } from '../upload/useUploadApi';
import { withModality, type PipelineDraft } from './draft';

export interface PipelineFormProps {
  initial: PipelineDraft;
  submitLabel: string;
  pending: boolean;
  /** The failed save: 422 per field (an acquisition's row), 409 and 404 for the form. */
  error: unknown;
  onSubmit: (draft: PipelineDraft) => void;
}

/** The AI models of a modality the team sees: what a step may run. */
function useModelCodes(modality: string) {
  return useQuery({
    queryKey: ['ai-models', 'list', { modality }],
    queryFn: async ({ signal }) =>
      fullAiModels(await call(api.aiModels.list, { query: { modality }, signal })).map((m) => ({
        value: m.code,
        label: `${m.name} (${m.code})`,
      })),
  });
}

/** A pipeline's code, name and modality, and its required acquisitions each with the models to run. */
export function PipelineForm({ initial, submitLabel, pending, error, onSubmit }: PipelineFormProps) {
  const [d, setDraft] = useState(initial);
  const modalities = useModalities();
  const acquisitions = useAcquisitions();
  const models = useModelCodes(d.modality_code);
  const offered = (acquisitions.data ?? [])
    .filter((a) => a.modality === d.modality_code)
    .map((a) => ({ value: a.code, label: `${a.code} · ${a.name}` }));
  const setRow = (i: number, change: Partial<PipelineDraft['acquisitions'][number]>) =>
    setDraft({ ...d, acquisitions: d.acquisitions.map((a, j) => (j === i ? { ...a, ...change } : a)) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(d);
  };
  return (
    <form onSubmit={submit} noValidate data-testid="pipeline-form">
      <Stack>
        <FormAlert message={formMessage(error)} />
        <Group grow align="flex-start">
          <TextInput
            label="Code"
            description="What the upload sends: upper-case letters, digits and _"
            required
            value={d.code}
            onChange={(e) => setDraft({ ...d, code: e.currentTarget.value.toUpperCase() })}
            error={fieldError(error, 'code')}
          />
          <TextInput
            label="Name"
            required
            maxLength={PIPELINE_NAME_MAX}
            value={d.name}
            onChange={(e) => setDraft({ ...d, name: e.currentTarget.value })}
            error={fieldError(error, 'name')}
          />
          <Select
            label="Modality"
            required
            allowDeselect={false}
            data={(modalities.data ?? []).map((m) => m.code)}
            value={d.modality_code}
            onChange={(code) => code && setDraft(withModality(d, code))}
            error={fieldError(error, 'modality_code')}
          />
        </Group>
        <Title order={2} size="h5">
          Required acquisitions
        </Title>
        <Text size="sm" c="dimmed">
          A study uploaded with this pipeline needs a series of each; the models run on that series once it
          has converted.
        </Text>
        {d.acquisitions.map((row, i) => (
          <Group key={i} align="flex-start" data-testid="pipeline-acquisition" wrap="nowrap">
            <Select
              label={`Acquisition ${i + 1}`}
              w={200}
              data={offered.filter(
                (o) => o.value === row.code || !d.acquisitions.some((a) => a.code === o.value),
              )}
              value={row.code || null}
              onChange={(code) => setRow(i, { code: code ?? '' })}
              error={fieldError(error, `acquisitions.${i}.code`)}
            />
            <MultiSelect
              label={`Models for acquisition ${i + 1}`}
              style={{ flex: 1 }}
              data={models.data ?? []}
              value={row.models}
              onChange={(codes) => setRow(i, { models: codes })}
              placeholder={row.models.length === 0 ? 'None' : undefined}
              searchable
              error={fieldError(error, `acquisitions.${i}.models`)}
            />
            <Button
              variant="subtle"
              color="red"
              mt={24}
              aria-label={`Remove acquisition ${i + 1}`}
              disabled={d.acquisitions.length === 1}
              onClick={() => setDraft({ ...d, acquisitions: d.acquisitions.filter((_, j) => j !== i) })}
            >
              Remove
            </Button>
          </Group>
        ))}
        <Group justify="space-between">
          <Button
            variant="light"
            disabled={d.acquisitions.length >= PIPELINE_ACQUISITIONS_MAX}
            onClick={() => setDraft({ ...d, acquisitions: [...d.acquisitions, { code: '', models: [] }] })}
          >
            Add acquisition
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
