/** The studies list's query as the page address carries it: `?page=&bupload_id=&filter_id=`. */
export interface StudiesQuery {
  page: number;
  bupload_id?: number;
  filter_id?: number;
}

const positive = (value: string | null): number | undefined => {
  if (value === null || !/^[1-9][0-9]{0,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= 2_147_483_647 ? n : undefined;
};

/** Reads the address; anything that is not a positive whole number is left out (page 1 by default). */
export function studiesQueryFrom(search: URLSearchParams): StudiesQuery {
  const bupload = positive(search.get('bupload_id'));
  const filter = positive(search.get('filter_id'));
  return {
    page: positive(search.get('page')) ?? 1,
    ...(bupload !== undefined && { bupload_id: bupload }),
    ...(filter !== undefined && { filter_id: filter }),
  };
}

/** The address of a query: page 1 and absent filters are left out. */
export function studiesSearch(query: StudiesQuery): URLSearchParams {
  const search = new URLSearchParams();
  if (query.page > 1) search.set('page', String(query.page));
  if (query.bupload_id !== undefined) search.set('bupload_id', String(query.bupload_id));
  if (query.filter_id !== undefined) search.set('filter_id', String(query.filter_id));
  return search;
}

export const pageCount = (total: number, perPage: number) =>
  perPage > 0 ? Math.max(1, Math.ceil(total / perPage)) : 1;
