import { Badge, CloseButton, Group, Select } from '@mantine/core';
import { useLabels } from '../labels/useLabels';
import type { StudiesQuery } from './studiesQuery';

export interface StudyFiltersProps {
  query: StudiesQuery;
  onChange: (query: StudiesQuery) => void;
}

/** The list's filters: a saved filter (a label, filter_id) to pick, and the upload batch (bupload_id) to clear. */
export function StudyFilters({ query, onChange }: StudyFiltersProps) {
  const labels = useLabels();
  const { bupload_id: upload, filter_id: filter, ...rest } = query;
  return (
    <Group gap="sm" align="flex-end" mb="md">
      <Select
        label="Filter"
        placeholder="All studies"
        size="xs"
        w={220}
        clearable
        searchable
        data={(labels.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
        value={filter === undefined ? null : String(filter)}
        onChange={(value) =>
          onChange({ ...rest, page: 1, bupload_id: upload, filter_id: value ? Number(value) : undefined })
        }
      />
      {upload !== undefined && (
        <Badge
          variant="light"
          size="lg"
          data-testid="upload-filter"
          rightSection={
            <CloseButton
              size="xs"
              aria-label="Show all uploads"
              onClick={() => onChange({ ...rest, page: 1, filter_id: filter })}
            />
          }
        >
          Upload #{upload}
        </Badge>
      )}
    </Group>
  );
}
