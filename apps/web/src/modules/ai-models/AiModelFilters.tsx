import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { AI_MODEL_RUNTIMES } from '@voxa/contracts';
import { useState } from 'react';
import type { AiModelsFilter } from './filter';
import { MODALITY_OPTIONS, RUNTIME_LABELS } from './labels';

export interface AiModelFiltersProps {
  filter: AiModelsFilter;
  onChange: (filter: AiModelsFilter) => void;
}

/** Search by name or code (sent once the typing pauses), modality and runtime. */
export function AiModelFilters({ filter, onChange }: AiModelFiltersProps) {
  const [text, setText] = useState(filter.search ?? '');
  const search = useDebouncedCallback(
    (value: string) => onChange({ ...filter, search: value.trim() || undefined }),
    300,
  );
  return (
    <Group gap="sm" align="flex-end" mb="md">
      <TextInput
        type="search"
        label="Search"
        placeholder="Name or code"
        w={260}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          search(e.currentTarget.value);
        }}
      />
      <Select
        label="Modality"
        placeholder="All modalities"
        w={160}
        clearable
        data={MODALITY_OPTIONS}
        value={filter.modality ?? null}
        onChange={(value) => onChange({ ...filter, modality: value ?? undefined })}
      />
      <Select
        label="Runtime"
        placeholder="All runtimes"
        w={180}
        clearable
        data={AI_MODEL_RUNTIMES.map((r) => ({ value: r, label: RUNTIME_LABELS[r] }))}
        value={filter.runtime ?? null}
        onChange={(value) => onChange({ ...filter, runtime: AI_MODEL_RUNTIMES.find((r) => r === value) })}
      />
    </Group>
  );
}
