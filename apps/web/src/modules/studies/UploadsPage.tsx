import { Anchor, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { useLastDefined } from '../../lib/useLastDefined';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { ListPagination } from '../../ui/ListPagination';
import { PageHeader } from '../../ui/PageHeader';
import { STUDIES_PATH } from './paths';
import { studiesSearch } from './studiesQuery';
import { useUploads } from './useStudiesApi';

/** /uploads (administrators): the team's upload batches, 30 a page, each opening its studies. */
export function UploadsPage() {
  const [page, setPage] = useState(1);
  const uploads = useUploads(page);
  const shown = useLastDefined(uploads.data);
  return (
    <Stack gap={0}>
      <PageHeader title="Upload history" />
      {!shown ? (
        <DataState error={uploads.error} />
      ) : (
        <>
          <DataTable
            testId="uploads-table"
            minWidth={640}
            columns={['Upload', 'By', 'Studies', 'Series', 'Date']}
          >
            {shown.data.map((batch) => (
              <Table.Tr key={batch.id} data-testid="upload-row">
                <Table.Td>#{batch.id}</Table.Td>
                <Table.Td>{batch.user?.name ?? '—'}</Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={STUDIES_PATH + studiesSearch({ page: 1, bupload_id: batch.id })}
                  >
                    {batch.studies} {batch.studies === 1 ? 'study' : 'studies'}
                  </Anchor>
                </Table.Td>
                <Table.Td>{batch.series}</Table.Td>
                <Table.Td>{formatDate(batch.created_at)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          {shown.data.length === 0 && (
            <Text c="dimmed" ta="center" py="xl">
              No uploads
            </Text>
          )}
          <ListPagination
            total={shown.total}
            perPage={shown.per_page}
            page={shown.current_page}
            onChange={setPage}
            label="Uploads pages"
          />
        </>
      )}
    </Stack>
  );
}
