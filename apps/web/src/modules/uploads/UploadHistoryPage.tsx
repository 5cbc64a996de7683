import { Anchor, Pagination, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@voxa/contracts';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { pageCount, studiesQueryFrom, studiesSearch } from '../studies/studiesQuery';

/** Upload history (/uploads, administrators): the team's upload batches, 30 a page, newest first. */
export function UploadHistoryPage() {
  const [search, setSearch] = useSearchParams();
  const { page } = studiesQueryFrom(search);
  const uploads = useQuery({
    queryKey: ['uploads', page],
    queryFn: ({ signal }) => call(api.studies.uploads, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack>
      <PageHeader title="Upload history" />
      {!uploads.data ? (
        <DataState error={uploads.error} />
      ) : (
        <>
          <DataTable
            testId="uploads-table"
            minWidth={700}
            columns={['Upload', 'Uploaded', 'By', 'Studies', 'Series']}
          >
            {uploads.data.data.map((batch) => (
              <Table.Tr key={batch.id} data-testid="upload-row">
                <Table.Td>#{batch.id}</Table.Td>
                <Table.Td>{formatDate(batch.created_at)}</Table.Td>
                <Table.Td>{batch.user?.name ?? ''}</Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/studies-v2?${studiesSearch({ page: 1, bupload_id: batch.id }).toString()}`}
                  >
                    {batch.studies} {batch.studies === 1 ? 'study' : 'studies'}
                  </Anchor>
                </Table.Td>
                <Table.Td>{batch.series}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          {uploads.data.data.length === 0 && <Text c="dimmed">No uploads</Text>}
          <Pagination
            total={pageCount(uploads.data.total, uploads.data.per_page)}
            value={uploads.data.current_page}
            onChange={(next) => setSearch(studiesSearch({ page: next }))}
            aria-label="Pages"
          />
        </>
      )}
    </Stack>
  );
}
