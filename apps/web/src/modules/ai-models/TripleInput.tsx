import { Group, NumberInput, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { fieldError } from '../../lib/formErrors';
import type { NumberField } from './draft';

type Triple = [NumberField, NumberField, NumberField];

export interface TripleInputProps {
  label: string;
  /** The API field, whose errors per axis (`spacing.1`) show beside each box. */
  field: string;
  value: Triple;
  /** Millimetres take decimals; voxel counts do not. */
  decimals?: boolean;
  error: unknown;
  onChange: (value: Triple) => void;
}

const AXES = ['x', 'y', 'z'] as const;

/** Three numbers along x, y and z. */
export function TripleInput({ label, field, value, decimals = false, error, onChange }: TripleInputProps) {
  return (
    <Labelled label={label} error={fieldError(error, field)}>
      {AXES.map((axis, i) => (
        <NumberInput
          key={axis}
          aria-label={`${label} ${axis}`}
          leftSection={<Text size="xs">{axis}</Text>}
          min={decimals ? 0 : 1}
          allowDecimal={decimals}
          value={value[i]}
          onChange={(v) => {
            const next: Triple = [...value];
            next[i] = typeof v === 'number' ? v : '';
            onChange(next);
          }}
          error={fieldError(error, `${field}.${i}`)}
        />
      ))}
    </Labelled>
  );
}

function Labelled({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {label}
      </Text>
      <Group grow align="flex-start">
        {children}
      </Group>
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </div>
  );
}
