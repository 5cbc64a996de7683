import { Text } from '@mantine/core';
import type { Inference } from '@voxa/contracts';
import { DataTable } from '../../ui/DataTable';
import { InferenceRow } from './InferenceRow';

const COLUMNS = ['Study', 'Series', 'Model', 'State', 'Reason', 'Created', ''];

export interface InferencesTableProps {
  inferences: Inference[];
  /** Shown when there are none. */
  empty: string;
}

/** Inferences as rows (the list, a case's inferences, a batch's progress table). */
export function InferencesTable({ inferences, empty }: InferencesTableProps) {
  return (
    <>
      <DataTable testId="inferences-table" minWidth={960} columns={COLUMNS}>
        {inferences.map((i) => (
          <InferenceRow key={i.id} inference={i} />
        ))}
      </DataTable>
      {inferences.length === 0 && (
        <Text c="dimmed" ta="center" py="xl" data-testid="inferences-empty">
          {empty}
        </Text>
      )}
    </>
  );
}
