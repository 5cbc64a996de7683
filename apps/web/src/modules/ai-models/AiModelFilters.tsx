import { Group, Select } from '@mantine/core';
import { DebouncedSearch } from '../../ui/DebouncedSearch';
import { AI_MODEL_RUNTIMES } from '@voxa/contracts';
import type { AiModelsFilter } from './filter';
import { MODALITY_OPTIONS, RUNTIME_LABELS } from './labels';

export interface AiModelFiltersProps {
  filter: AiModelsFilter;
  onChange: (filter: AiModelsFilter) => void;
}

/** Search by name or code (sent once the typing pauses), modality and runtime. */
export function AiModelFilters({ filter, onChange }: AiModelFiltersProps) {
  return (
    <Group gap="sm" align="flex-end" mb="md">
      <DebouncedSearch
        value={filter.search}
        onSearch={(search) => onChange({ ...filter, search })}
        placeholder="Name or code"
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
