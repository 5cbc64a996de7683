import { Badge, Button, Progress, Table, Text } from '@mantine/core';
import type { DatasetExport } from '@voxa/contracts';
import { useState } from 'react';
import { formatBytes, formatDate } from '../../lib/format';
import { saveFile } from '../../lib/saveFile';
import { DataTable } from '../../ui/DataTable';
import { notifyError } from '../../ui/notify';
import { exportPercent } from './datasetName';
import { downloadExport } from './useDatasetExportsApi';

const COLOURS: Record<DatasetExport['state'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

export interface ExportsTableProps {
  exports: DatasetExport[];
}

/** Every export with its state, progress in cases and, once done, its zip to download. */
export function ExportsTable({ exports }: ExportsTableProps) {
  const [downloading, setDownloading] = useState<number | null>(null);
  const download = async (e: DatasetExport) => {
    setDownloading(e.id);
    try {
      saveFile(await downloadExport(e.id), `${e.folder}.zip`);
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(null);
    }
  };
  if (!exports.length) return <Text c="dimmed">No export yet.</Text>;
  return (
    <DataTable
      testId="dataset-exports"
      minWidth={860}
      columns={['Dataset', 'Team', 'Structure', 'State', 'Progress', 'Size', 'Created', '']}
    >
      {exports.map((e) => (
        <Table.Tr key={e.id} data-testid={`dataset-export-${e.id}`}>
          <Table.Td>{e.folder}</Table.Td>
          <Table.Td>{e.team.title}</Table.Td>
          <Table.Td>{e.structure.title}</Table.Td>
          <Table.Td>
            <Badge color={COLOURS[e.state]} variant="light" data-testid="export-state">
              {e.state}
            </Badge>
            {e.error && (
              <Text size="xs" c="red">
                {e.error}
              </Text>
            )}
          </Table.Td>
          <Table.Td miw={140}>
            <Progress value={exportPercent(e)} aria-label={`Progress of ${e.folder}`} />
            <Text size="xs" c="dimmed" data-testid="export-cases">
              {e.cases_done} / {e.cases_total} cases
            </Text>
          </Table.Td>
          <Table.Td>{e.size === null ? '—' : formatBytes(e.size)}</Table.Td>
          <Table.Td>
            {formatDate(e.created_at)}
            {e.created_by && (
              <Text size="xs" c="dimmed">
                {e.created_by}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            {e.state === 'done' && (
              <Button
                size="xs"
                variant="light"
                loading={downloading === e.id}
                onClick={() => void download(e)}
              >
                Download
              </Button>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
