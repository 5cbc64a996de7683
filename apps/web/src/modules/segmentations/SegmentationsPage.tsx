import { Loader, Stack, Text } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { useLastDefined } from '../../lib/useLastDefined';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { ListPagination } from '../../ui/ListPagination';
import { PageHeader } from '../../ui/PageHeader';
import { SEGMENTATIONS_PATH } from './paths';
import { SegmentationFilters } from './SegmentationFilters';
import { SegmentationRow } from './SegmentationRow';
import { segmentationsQueryFrom, segmentationsSearch, type SegmentationsQuery } from './segmentationsQuery';
import { useSegmentations } from './useSegmentationsApi';

const COLUMNS = ['Patient', 'Series', 'Structure', 'Segments', 'Roles', 'Author', 'Created'];

/** /segmentations (r:segmentations): every segmentation of the team, newest first, a page at a time. */
export function SegmentationsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = segmentationsQueryFrom(params);
  const list = useSegmentations(query);
  const shown = useLastDefined(list.data);
  const go = (next: SegmentationsQuery) => void navigate(SEGMENTATIONS_PATH + segmentationsSearch(next));

  return (
    <Stack gap={0}>
      <PageHeader
        title="Segmentations"
        actions={list.isFetching && <Loader size="sm" aria-label="Loading segmentations" />}
      />
      <SegmentationFilters query={query} onChange={go} />
      {!shown ? (
        <DataState error={list.error} />
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="segmentations-total">
            {shown.total} {shown.total === 1 ? 'segmentation' : 'segmentations'}
          </Text>
          <DataTable testId="segmentations-table" minWidth={900} columns={COLUMNS}>
            {shown.data.map((s) => (
              <SegmentationRow key={s.id} segmentation={s} />
            ))}
          </DataTable>
          {shown.data.length === 0 && (
            <Text c="dimmed" ta="center" py="xl" data-testid="segmentations-empty">
              No segmentations
            </Text>
          )}
          <ListPagination
            total={shown.total}
            perPage={shown.per_page}
            page={shown.current_page}
            onChange={(page) => go({ ...query, page })}
            label="Segmentations pages"
          />
        </>
      )}
    </Stack>
  );
}
