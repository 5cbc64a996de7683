import { Group, SegmentedControl, Select } from '@mantine/core';
import type { TransferFunctionFilter } from '@voxa/contracts';
import { useModalities } from '../upload/useUploadApi';

export interface TransferFunctionFiltersProps {
  filter: TransferFunctionFilter;
  onChange: (filter: TransferFunctionFilter) => void;
}

const ALL = 'all';

/** Kind (all, window presets, colour maps) and a modality (those for it and those for any). */
export function TransferFunctionFilters({ filter, onChange }: TransferFunctionFiltersProps) {
  const modalities = useModalities();
  return (
    <Group gap="sm" align="flex-end" mb="md">
      <SegmentedControl
        aria-label="Kind"
        data={[
          { value: ALL, label: 'All' },
          { value: 'window', label: 'Window presets' },
          { value: 'colormap', label: 'Colour maps' },
        ]}
        value={filter.kind ?? ALL}
        onChange={(value) =>
          onChange({ ...filter, kind: value === 'window' || value === 'colormap' ? value : undefined })
        }
      />
      <Select
        aria-label="Modality"
        placeholder="Any modality"
        w={200}
        clearable
        searchable
        data={(modalities.data ?? []).map((m) => ({ value: m.code, label: `${m.code} · ${m.name}` }))}
        value={filter.modality ?? null}
        onChange={(value) => onChange({ ...filter, modality: value ?? undefined })}
      />
    </Group>
  );
}
