import { Badge, Checkbox, Table, Text } from '@mantine/core';
import type { DatasetCandidate } from '@voxa/contracts';
import { DataTable } from '../../ui/DataTable';

export interface CandidatesTableProps {
  candidates: DatasetCandidate[];
  selected: ReadonlySet<number>;
  onToggle: (segmentationId: number, on: boolean) => void;
}

/** The structure's segmentations with a mask; one of a study not anonymised cannot be chosen. */
export function CandidatesTable({ candidates, selected, onToggle }: CandidatesTableProps) {
  if (!candidates.length) return <Text c="dimmed">No segmentation of this structure has a mask.</Text>;
  return (
    <DataTable
      testId="dataset-candidates"
      minWidth={640}
      columns={['', 'Study', 'Series', 'Modality', 'Segments', '']}
    >
      {candidates.map((c) => (
        <Table.Tr key={c.segmentation_id} data-testid={`dataset-candidate-${c.segmentation_id}`}>
          <Table.Td>
            <Checkbox
              aria-label={`Include ${c.study.name || c.study.uuid}`}
              disabled={!c.anonymised}
              checked={selected.has(c.segmentation_id)}
              onChange={(e) => onToggle(c.segmentation_id, e.currentTarget.checked)}
            />
          </Table.Td>
          <Table.Td>{c.study.name || '—'}</Table.Td>
          <Table.Td>{c.series.number ?? '—'}</Table.Td>
          <Table.Td>{c.modality ?? '—'}</Table.Td>
          <Table.Td>{c.segments.join(', ')}</Table.Td>
          <Table.Td>
            {!c.anonymised && (
              <Badge color="red" variant="light">
                Not anonymised
              </Badge>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
