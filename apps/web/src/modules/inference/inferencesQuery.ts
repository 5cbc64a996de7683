import { InferenceState } from '@voxa/contracts';

/** What /ai-infers shows: a state, a model code (all when absent) and the page. */
export interface InferencesQuery {
  state?: InferenceState;
  model?: string;
  page: number;
}

/** Reads ?state&model&page; a malformed value falls back (every state, every model, page 1). */
export function inferencesQueryFrom(params: URLSearchParams): InferencesQuery {
  const state = InferenceState.safeParse(params.get('state'));
  const model = params.get('model')?.trim().slice(0, 64);
  const raw = params.get('page');
  const page = raw !== null && /^\d{1,5}$/.test(raw) && Number(raw) > 0 ? Number(raw) : 1;
  return { ...(state.success && { state: state.data }), ...(model && { model }), page };
}

/** The address of a query; the defaults are left out. */
export function inferencesSearch(query: InferencesQuery): string {
  const params = new URLSearchParams();
  if (query.state) params.set('state', query.state);
  if (query.model) params.set('model', query.model);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
