import { Loader, Stack, Text } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../app/session/usePermissions';
import { useLastDefined } from '../../lib/useLastDefined';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { ListPagination } from '../../ui/ListPagination';
import { PageHeader } from '../../ui/PageHeader';
import { STUDIES_PATH } from './paths';
import { StudyFilters } from './StudyFilters';
import { StudyRow } from './StudyRow';
import { studiesQueryFrom, studiesSearch, type StudiesQuery } from './studiesQuery';
import { useStudies } from './useStudiesApi';

const COLUMNS = ['Preview', 'Patient', 'Created', 'Updated', 'Labels', 'Segmentations', '', ''];

/** /studies-v2: the team's studies, a page at a time, filtered by upload batch or saved filter. */
export function StudiesPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const query = studiesQueryFrom(search);
  const studies = useStudies(query);
  const shown = useLastDefined(studies.data);
  const can = useCan();
  const go = (next: StudiesQuery) => void navigate(STUDIES_PATH + studiesSearch(next));

  return (
    <Stack gap={0}>
      <PageHeader
        title="Studies"
        actions={studies.isFetching && <Loader size="sm" aria-label="Loading studies" />}
      />
      <StudyFilters query={query} onChange={go} />
      {!shown ? (
        <DataState error={studies.error} />
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="studies-total">
            {shown.total} {shown.total === 1 ? 'study' : 'studies'}
          </Text>
          <DataTable testId="studies-table" minWidth={960} columns={COLUMNS}>
            {shown.data.map((study) => (
              <StudyRow
                key={study.id}
                study={study}
                canOrganize={can('r:studies:detail')}
                canEditLabels={can('r:upload') || can('r:studies:detail')}
              />
            ))}
          </DataTable>
          {shown.data.length === 0 && (
            <Text c="dimmed" ta="center" py="xl">
              No studies
            </Text>
          )}
          <ListPagination
            total={shown.total}
            perPage={shown.per_page}
            page={shown.current_page}
            onChange={(page) => go({ ...query, page })}
            label="Studies pages"
          />
        </>
      )}
    </Stack>
  );
}
