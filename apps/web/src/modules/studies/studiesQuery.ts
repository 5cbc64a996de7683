/** What the studies list asks for: the page and the optional upload-batch and saved-filter ids. */
export interface StudiesQuery {
  page: number;
  bupload_id?: number;
  filter_id?: number;
}

const positiveInt = (raw: string | null): number | undefined => {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 ? n : undefined;
};

/** Reads /studies-v2?page&bupload_id&filter_id; a missing or malformed value is left out (page 1). */
export function studiesQueryFrom(search: URLSearchParams): StudiesQuery {
  const query: StudiesQuery = { page: positiveInt(search.get('page')) ?? 1 };
  const upload = positiveInt(search.get('bupload_id'));
  const filter = positiveInt(search.get('filter_id'));
  if (upload !== undefined) query.bupload_id = upload;
  if (filter !== undefined) query.filter_id = filter;
  return query;
}

/** The address of a studies list query; page 1 is left out, so the header reload lands on a clean URL. */
export function studiesSearch(query: StudiesQuery): string {
  const search = new URLSearchParams();
  if (query.page > 1) search.set('page', String(query.page));
  if (query.bupload_id !== undefined) search.set('bupload_id', String(query.bupload_id));
  if (query.filter_id !== undefined) search.set('filter_id', String(query.filter_id));
  const text = search.toString();
  return text ? `?${text}` : '';
}
