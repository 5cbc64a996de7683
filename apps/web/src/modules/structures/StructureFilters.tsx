import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import type { StructuresFilter } from './structuresFilter';
import { useCategories } from './useStructuresApi';

export interface StructureFiltersProps {
  filter: StructuresFilter;
  onChange: (filter: StructuresFilter) => void;
}

/** Search by title or slug (sent once the typing pauses) and a body-part category to pick. */
export function StructureFilters({ filter, onChange }: StructureFiltersProps) {
  const categories = useCategories();
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
        placeholder="Title or slug"
        w={260}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          search(e.currentTarget.value);
        }}
      />
      <Select
        label="Category"
        placeholder="All categories"
        w={220}
        clearable
        searchable
        data={(categories.data ?? []).map((c) => ({ value: c.slug, label: c.title }))}
        value={filter.category ?? null}
        onChange={(value) => onChange({ ...filter, category: value ?? undefined })}
      />
    </Group>
  );
}
