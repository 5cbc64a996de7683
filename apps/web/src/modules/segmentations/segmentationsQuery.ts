import { StructureSlug } from '@voxa/contracts';

/** What the team's segmentations page asks for: the page, a structure slug, the caller's assignments. */
export interface SegmentationsQuery {
  page: number;
  structure?: string;
  assigned?: boolean;
}

/** Reads ?page&structure&assigned=1; a malformed value is left out (page 1). */
export function segmentationsQueryFrom(params: URLSearchParams): SegmentationsQuery {
  const raw = params.get('page');
  const page = raw !== null && /^\d{1,6}$/.test(raw) && Number(raw) > 0 ? Number(raw) : 1;
  const query: SegmentationsQuery = { page };
  const structure = params.get('structure');
  if (structure && StructureSlug.safeParse(structure).success) query.structure = structure;
  if (params.get('assigned') === '1') query.assigned = true;
  return query;
}

/** The address of a query, page 1 and empty filters left out. */
export function segmentationsSearch(query: SegmentationsQuery): string {
  const params = new URLSearchParams();
  if (query.page > 1) params.set('page', String(query.page));
  if (query.structure) params.set('structure', query.structure);
  if (query.assigned) params.set('assigned', '1');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The API's query: `assigned` only when the filter is on. */
export function segmentationsApiQuery(query: SegmentationsQuery): SegmentationsQuery {
  return {
    page: query.page,
    ...(query.structure && { structure: query.structure }),
    ...(query.assigned && { assigned: true }),
  };
}
