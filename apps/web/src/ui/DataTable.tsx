import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DataTableProps {
  testId: string;
  /** Narrower than this, the table scrolls sideways. */
  minWidth: number;
  /** The column headings; `''` for a column without one, such as the row's buttons. */
  columns: readonly string[];
  /** The rows, as `Table.Tr` elements. */
  children: ReactNode;
}

/** A list of records as a table with a heading row, scrolling sideways on narrow screens. */
export function DataTable({ testId, minWidth, columns, children }: DataTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, i) => (
              <Table.Th key={i}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
