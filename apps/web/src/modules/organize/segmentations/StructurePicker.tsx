import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { groupStructures, searchStructures } from './rules';
import { useStructures } from './useSegmentationsApi';

export interface StructurePickerProps {
  /** Accessible name, unique on the page ("Structure for Series 2"). */
  ariaLabel: string;
  value: string | null;
  onChange: (slug: string | null) => void;
}

/** The structure picker: one searchable select of the catalogue, grouped by category (decision 0033). */
export function StructurePicker({ ariaLabel, value, onChange }: StructurePickerProps) {
  const structures = useStructures(true);
  const groups = useMemo(() => groupStructures(structures.data ?? []), [structures.data]);
  return (
    <Select
      size="xs"
      w={260}
      label="Structure"
      aria-label={ariaLabel}
      placeholder={structures.isPending ? 'Loading structures' : 'Search a structure'}
      searchable
      nothingFoundMessage="No structure found."
      maxDropdownHeight={320}
      data={groups}
      filter={({ search }) => searchStructures(groups, search)}
      value={value}
      onChange={onChange}
    />
  );
}
