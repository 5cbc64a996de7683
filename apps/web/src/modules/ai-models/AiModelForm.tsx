import { Button, Group, NumberInput, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import {
  AI_MODEL_DESCRIPTION_MAX,
  AI_MODEL_NAME_MAX,
  AI_MODEL_RUNTIMES,
  type AiModelNormalization,
} from '@voxa/contracts';
import { useState, type FormEvent } from 'react';
import { fieldError, formMessage } from '../../lib/formErrors';
import { FormAlert } from '../../ui/FormAlert';
import { StructurePicker } from '../organize/segmentations/StructurePicker';
import type { ModelDraft, NumberField } from './draft';
import { MODALITY_OPTIONS, NORMALIZATION_LABELS, RUNTIME_LABELS } from './labels';
import { SegmentsEditor } from './SegmentsEditor';
import { TripleInput } from './TripleInput';

export interface AiModelFormProps {
  initial: ModelDraft;
  submitLabel: string;
  pending: boolean;
  /** The failed save, whose messages (422 per field, 409 and 404 for the form) are shown. */
  error: unknown;
  onSubmit: (draft: ModelDraft) => void;
}

const numberOf = (v: string | number): NumberField => (typeof v === 'number' ? v : '');
const NORMALIZATIONS = Object.keys(NORMALIZATION_LABELS) as AiModelNormalization['kind'][];

/** A model's fields: who it is, what it segments, and what a worker needs to run it. */
export function AiModelForm({ initial, submitLabel, pending, error, onSubmit }: AiModelFormProps) {
  const [d, setDraft] = useState(initial);
  const set = (change: Partial<ModelDraft>) => setDraft({ ...d, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(d);
  };
  const onnx = d.runtime === 'onnx';
  return (
    <form onSubmit={submit} noValidate data-testid="ai-model-form">
      <Stack>
        <FormAlert message={formMessage(error)} />
        <Group grow align="flex-start">
          <TextInput
            label="Name"
            required
            maxLength={AI_MODEL_NAME_MAX}
            value={d.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={fieldError(error, 'name')}
          />
          <TextInput
            label="Code"
            description="What inferences name it by: lower-case letters, digits and -"
            required
            value={d.code}
            onChange={(e) => set({ code: e.currentTarget.value.toLowerCase() })}
            error={fieldError(error, 'code')}
          />
        </Group>
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxLength={AI_MODEL_DESCRIPTION_MAX}
          value={d.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
          error={fieldError(error, 'description')}
        />
        <Stack gap={2}>
          <StructurePicker
            ariaLabel="Structure of the model"
            value={d.structure}
            onChange={(structure) => set({ structure })}
          />
          <Text size="xs" c={fieldError(error, 'structure') ? 'red' : 'dimmed'}>
            {fieldError(error, 'structure') ?? 'The structure a result segmentation is of.'}
          </Text>
        </Stack>
        <Group grow align="flex-start">
          <Select
            label="Runtime"
            data={AI_MODEL_RUNTIMES.map((r) => ({ value: r, label: RUNTIME_LABELS[r] }))}
            value={d.runtime}
            allowDeselect={false}
            onChange={(v) => set({ runtime: AI_MODEL_RUNTIMES.find((r) => r === v) ?? d.runtime })}
          />
          <Select
            label="Input modality"
            data={MODALITY_OPTIONS}
            value={d.modality}
            allowDeselect={false}
            onChange={(modality) => set({ modality: modality ?? d.modality })}
            error={fieldError(error, 'modality')}
          />
          <NumberInput
            label="Input channels"
            min={1}
            max={16}
            allowDecimal={false}
            value={d.channels}
            onChange={(v) => set({ channels: numberOf(v) })}
            error={fieldError(error, 'channels')}
          />
        </Group>
        <Group grow align="flex-start">
          <NumberInput
            label="Least validation Dice"
            description="A training below it did not learn and makes no model unless promoted."
            min={0}
            max={1}
            step={0.05}
            decimalScale={4}
            value={d.min_val_dice}
            onChange={(v) => set({ min_val_dice: numberOf(v) })}
            error={fieldError(error, 'min_val_dice')}
          />
          <NumberInput
            label="Segmentations a training needs"
            description="The trainings page warns before a start on fewer."
            min={1}
            max={500}
            allowDecimal={false}
            value={d.min_training_segmentations}
            onChange={(v) => set({ min_training_segmentations: numberOf(v) })}
            error={fieldError(error, 'min_training_segmentations')}
          />
        </Group>
        <TripleInput
          label="Spacing (mm)"
          field="spacing"
          value={d.spacing}
          decimals
          error={error}
          onChange={(spacing) => set({ spacing })}
        />
        {onnx && (
          <>
            <TripleInput
              label="Patch size (voxels)"
              field="patch_size"
              value={d.patch_size}
              error={error}
              onChange={(patch_size) => set({ patch_size })}
            />
            <Select
              label="Normalisation"
              data={NORMALIZATIONS.map((k) => ({ value: k, label: NORMALIZATION_LABELS[k] }))}
              value={d.normalization}
              allowDeselect={false}
              onChange={(v) => set({ normalization: NORMALIZATIONS.find((k) => k === v) ?? d.normalization })}
              error={fieldError(error, 'normalization')}
            />
            {d.normalization === 'ct' && (
              <Group grow align="flex-start">
                {(
                  [
                    [
                      'Clip low (HU)',
                      d.clip[0],
                      (v: NumberField) => set({ clip: [v, d.clip[1]] }),
                      'normalization.clip',
                    ],
                    [
                      'Clip high (HU)',
                      d.clip[1],
                      (v: NumberField) => set({ clip: [d.clip[0], v] }),
                      'normalization.clip',
                    ],
                    ['Mean', d.mean, (v: NumberField) => set({ mean: v }), 'normalization.mean'],
                    ['Std', d.std, (v: NumberField) => set({ std: v }), 'normalization.std'],
                  ] as const
                ).map(([label, value, change, field]) => (
                  <NumberInput
                    key={label}
                    label={label}
                    value={value}
                    onChange={(v) => change(numberOf(v))}
                    error={fieldError(error, field)}
                  />
                ))}
              </Group>
            )}
          </>
        )}
        <SegmentsEditor segments={d.segments} onChange={(segments) => set({ segments })} error={error} />
        <Switch
          label="Private: only this team sees the model (otherwise every team sees it, read-only)"
          checked={d.is_private}
          onChange={(e) => set({ is_private: e.currentTarget.checked })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={pending} disabled={!d.name.trim() || !d.code.trim()}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
