import { Table } from '@mantine/core';
import type { PageStudy } from './state/model';

export interface UploadSummaryProps {
  studies: PageStudy[];
}

/** The mini panel's view of the upload: one row per study. */
export function UploadSummary({ studies }: UploadSummaryProps) {
  return (
    <Table fz="sm" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Study</Table.Th>
          <Table.Th>Modality</Table.Th>
          <Table.Th>Selected series</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {studies.map((study) => (
          <Table.Tr key={study.id} data-testid="mini-study">
            <Table.Td>{study.patientName}</Table.Td>
            <Table.Td>{study.modality}</Table.Td>
            <Table.Td>
              {study.series.filter((s) => s.isSelected).length} of {study.series.length}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
