import { Badge, Button, Stack } from '@mantine/core';
import type { FileKind } from '@voxa/imaging';
import { KIND_LABELS } from './fileKinds';

export interface KindFiltersProps {
  counts: Record<FileKind, number>;
  active: FileKind | null;
  onChange: (kind: FileKind | null) => void;
}

/** One counter per file kind; pressing one filters the file list, pressing it again clears the filter. */
export function KindFilters({ counts, active, onChange }: KindFiltersProps) {
  return (
    <Stack gap={4} role="group" aria-label="File kinds">
      {KIND_LABELS.map(({ kind, label }) => (
        <Button
          key={kind}
          variant={active === kind ? 'light' : 'subtle'}
          justify="space-between"
          fullWidth
          aria-pressed={active === kind}
          data-testid={`count-${kind}`}
          rightSection={<Badge variant="default">{counts[kind]}</Badge>}
          onClick={() => onChange(active === kind ? null : kind)}
        >
          {label}
        </Button>
      ))}
    </Stack>
  );
}
