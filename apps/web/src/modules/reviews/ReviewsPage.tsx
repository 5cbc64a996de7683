import { Group, Loader, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { REVIEW_STATE_TEXT, REVIEW_STATES, REVIEWS_PAGE_SIZE, ReviewState } from '@voxa/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { useLastDefined } from '../../lib/useLastDefined';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { ListPagination } from '../../ui/ListPagination';
import { PageHeader } from '../../ui/PageHeader';
import { ReviewRow } from './ReviewRow';
import { reviewsQueryFrom, reviewsSearch, type ReviewsQuery } from './reviewsQuery';
import { useReviews, useReviewsLive } from './useReviewsApi';

const COLUMNS = ['Study', 'Structure', 'Author', 'Age', 'State', ''];
const BOXES = [
  { value: 'to-review', label: 'To review' },
  { value: 'mine', label: 'Mine' },
];

/** /reviews (r:reviews): the segmentations the user reviews, or those they submitted, by state. */
export function ReviewsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = reviewsQueryFrom(params);
  const list = useReviews(query);
  useReviewsLive();
  const shown = useLastDefined(list.data);
  const go = (next: ReviewsQuery) => void navigate(`/reviews${reviewsSearch(next)}`);

  return (
    <Stack gap={0}>
      <PageHeader
        title="Reviews"
        actions={list.isFetching && <Loader size="sm" aria-label="Loading reviews" />}
      />
      <Group gap="lg" align="flex-end" mb="md">
        <SegmentedControl
          aria-label="Reviews to show"
          data={BOXES}
          value={query.box}
          onChange={(box) => go({ box: box === 'mine' ? 'mine' : 'to-review', page: 1 })}
        />
        <Select
          label="State"
          placeholder="All states"
          w={220}
          clearable
          data={REVIEW_STATES.map((s) => ({ value: s, label: REVIEW_STATE_TEXT[s] }))}
          value={query.state ?? null}
          onChange={(value) => {
            const state = ReviewState.safeParse(value);
            go({ box: query.box, page: 1, ...(state.success && { state: state.data }) });
          }}
        />
      </Group>
      {!shown ? (
        <DataState error={list.error} />
      ) : (
        <>
          <DataTable testId="reviews-table" minWidth={800} columns={COLUMNS}>
            {shown.data.map((r) => (
              <ReviewRow key={r.segmentation_id} review={r} />
            ))}
          </DataTable>
          {shown.data.length === 0 && (
            <Text c="dimmed" ta="center" py="xl" data-testid="reviews-empty">
              No reviews
            </Text>
          )}
          <ListPagination
            total={shown.total}
            perPage={REVIEWS_PAGE_SIZE}
            page={query.page}
            onChange={(page) => go({ ...query, page })}
            label="Reviews pages"
          />
        </>
      )}
    </Stack>
  );
}
