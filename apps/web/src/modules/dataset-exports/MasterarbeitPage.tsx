import { Stack, Text, Title } from '@mantine/core';
import { DataState } from '../../ui/DataState';
import { PageHeader } from '../../ui/PageHeader';
import { ExportForm } from './ExportForm';
import { ExportsTable } from './ExportsTable';
import { useDatasetExports } from './useDatasetExportsApi';

/**
 * /admin/masterarbeit (decision 0063): a team's anonymised studies and their segmentations of one
 * structure exported as an nnU-Net v2 raw dataset, zipped; the exports with their progress and downloads.
 */
export function MasterarbeitPage() {
  const exports = useDatasetExports();
  return (
    <Stack>
      <PageHeader title="Research datasets" />
      <Text size="sm" c="dimmed">
        Export a team’s anonymised studies and their masks of one structure in the nnU-Net v2 raw layout
        (imagesTr, labelsTr, dataset.json), zipped. Studies uploaded without anonymisation cannot be exported.
      </Text>
      <ExportForm />
      <Title order={3}>Exports</Title>
      {exports.data ? <ExportsTable exports={exports.data} /> : <DataState error={exports.error} />}
    </Stack>
  );
}
