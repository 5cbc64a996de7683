import { ReviewBox, ReviewState } from '@voxa/contracts';

/** What /reviews shows: a box, a state (all when absent) and the page. */
export interface ReviewsQuery {
  box: ReviewBox;
  state?: ReviewState;
  page: number;
}

/** Reads ?box&state&page; a malformed value falls back (to-review, every state, page 1). */
export function reviewsQueryFrom(params: URLSearchParams): ReviewsQuery {
  const box = ReviewBox.safeParse(params.get('box'));
  const state = ReviewState.safeParse(params.get('state'));
  const raw = params.get('page');
  const page = raw !== null && /^\d{1,6}$/.test(raw) && Number(raw) > 0 ? Number(raw) : 1;
  return { box: box.success ? box.data : 'to-review', ...(state.success && { state: state.data }), page };
}

/** The address of a query; the defaults are left out. */
export function reviewsSearch(query: ReviewsQuery): string {
  const params = new URLSearchParams();
  if (query.box !== 'to-review') params.set('box', query.box);
  if (query.state) params.set('state', query.state);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
