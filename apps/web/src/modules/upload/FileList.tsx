import { Table, Text } from '@mantine/core';
import type { IngestedFile } from './ingest/ingestSession';

export interface FileListProps {
  files: IngestedFile[];
}

/** Rows rendered at most; 5,000 table rows would make every update a long task. */
export const FILE_LIST_LIMIT = 100;

/** Files that give no series (with their reason) come first: among thousands they are what needs a look. */
export function FileList({ files }: FileListProps) {
  const noted = files.filter((file) => file.note);
  const shown = (noted.length ? [...noted, ...files.filter((file) => !file.note)] : files).slice(
    0,
    FILE_LIST_LIMIT,
  );
  return (
    <section aria-label="Files">
      <Table striped withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>Note</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((file, index) => (
            <Table.Tr key={`${index}:${file.ref.path ?? file.ref.name}`} data-testid="file-row">
              <Table.Td>{file.ref.path ?? file.ref.name}</Table.Td>
              <Table.Td>{file.kind}</Table.Td>
              <Table.Td>{file.ref.size}</Table.Td>
              <Table.Td>{file.note}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {files.length > shown.length && (
        <Text size="sm" c="dimmed" mt="xs">
          Showing {shown.length} of {files.length} files
        </Text>
      )}
    </section>
  );
}
