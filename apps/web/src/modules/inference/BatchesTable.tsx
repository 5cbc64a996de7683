import { Button, Table, Text } from '@mantine/core';
import type { InferenceBatch } from '@voxa/contracts';
import { formatDate, formatRelative } from '../../lib/format';
import { DataTable } from '../../ui/DataTable';
import { BatchCounts } from './BatchCounts';

const COLUMNS = ['Batch', 'Model', 'Over', 'Progress', 'Created', ''];

export interface BatchesTableProps {
  batches: InferenceBatch[];
  selected: number | null;
  onSelect: (batchId: number) => void;
}

/** The team's batches with their counts per state; one is opened as its progress table. */
export function BatchesTable({ batches, selected, onSelect }: BatchesTableProps) {
  if (batches.length === 0)
    return (
      <Text c="dimmed" ta="center" py="md" data-testid="batches-empty">
        No batches yet
      </Text>
    );
  return (
    <DataTable testId="batches-table" minWidth={800} columns={COLUMNS}>
      {batches.map((b) => (
        <Table.Tr
          key={b.id}
          data-testid="batch-row"
          data-batch-id={b.id}
          bg={b.id === selected ? 'var(--mantine-color-blue-light)' : undefined}
        >
          <Table.Td>#{b.id}</Table.Td>
          <Table.Td ff="monospace">{b.model.code}</Table.Td>
          <Table.Td>
            {b.label_name ? `Label ${b.label_name}` : `${b.total} ${b.total === 1 ? 'study' : 'studies'}`}
            {b.skipped.length > 0 && (
              <Text size="xs" c="orange">
                {b.skipped.length} skipped
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <BatchCounts counts={b.counts} />
          </Table.Td>
          <Table.Td>
            <Text size="sm">{b.created_by_user_name ?? '—'}</Text>
            <Text size="xs" c="dimmed" title={formatDate(b.created_at)}>
              {formatRelative(b.created_at)}
            </Text>
          </Table.Td>
          <Table.Td>
            <Button
              size="xs"
              variant="light"
              onClick={() => onSelect(b.id)}
              aria-label={`Show batch ${b.id}`}
            >
              Show
            </Button>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
