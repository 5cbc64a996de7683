import { Button, Group, Pagination, Select, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { StudyRow } from './StudyRow';
import { pageCount, studiesQueryFrom, studiesSearch, type StudiesQuery } from './studiesQuery';
import { useFavorites } from './useFavorites';
import { useStudies, useTeamLabels } from './useStudiesApi';

/** The studies list (/studies-v2): paged, filtered by upload batch or label, with favourites. */
export function StudiesPage() {
  const [search, setSearch] = useSearchParams();
  const query = studiesQueryFrom(search);
  const studies = useStudies(query);
  const labels = useTeamLabels();
  const { favorites, toggle } = useFavorites();
  const go = (next: StudiesQuery) => setSearch(studiesSearch(next));
  const reload = () => {
    if (query.page === 1) void studies.refetch();
    else go({ ...query, page: 1 });
  };

  return (
    <Stack>
      <PageHeader
        title="Studies"
        actions={
          <Button variant="default" onClick={reload} loading={studies.isFetching} aria-label="Reload">
            Reload
          </Button>
        }
      />
      <Group>
        <Select
          label="Label"
          placeholder="All studies"
          clearable
          searchable
          w={240}
          data={(labels.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
          value={query.filter_id === undefined ? null : String(query.filter_id)}
          onChange={(value) => {
            const { filter_id: _dropped, ...rest } = query;
            go({ ...rest, page: 1, ...(value && { filter_id: Number(value) }) });
          }}
        />
        {query.bupload_id !== undefined && (
          <Button
            variant="light"
            mt="lg"
            onClick={() => {
              const { bupload_id: _dropped, ...rest } = query;
              go({ ...rest, page: 1 });
            }}
          >
            Upload #{query.bupload_id} ×
          </Button>
        )}
      </Group>
      {!studies.data ? (
        <DataState error={studies.error} />
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="studies-total">
            {studies.data.total} {studies.data.total === 1 ? 'study' : 'studies'}
          </Text>
          <DataTable
            testId="studies-table"
            minWidth={900}
            columns={['', 'Patient', 'Labels', 'Series', 'Segmentations', 'Created', 'Updated', '']}
          >
            {studies.data.data.map((study) => (
              <StudyRow
                key={study.id}
                study={study}
                favorite={favorites.includes(study.uuid)}
                onToggleFavorite={toggle}
              />
            ))}
          </DataTable>
          {studies.data.data.length === 0 && <Text c="dimmed">No studies</Text>}
          <Pagination
            total={pageCount(studies.data.total, studies.data.per_page)}
            value={studies.data.current_page}
            onChange={(page) => go({ ...query, page })}
            aria-label="Pages"
          />
        </>
      )}
    </Stack>
  );
}
