import { StructureSlug } from '@voxa/contracts';

/** What the structures lists ask for: a search text and a category slug, both optional. */
export interface StructuresFilter {
  search?: string;
  category?: string;
}

const SEARCH_MAX = 100;

/** Reads ?search&category; a blank search or a malformed category is left out. */
export function structuresFilterFrom(params: URLSearchParams): StructuresFilter {
  const filter: StructuresFilter = {};
  const search = params.get('search')?.trim().slice(0, SEARCH_MAX);
  const category = params.get('category')?.trim();
  if (search) filter.search = search;
  if (category && StructureSlug.safeParse(category).success) filter.category = category;
  return filter;
}

/** The address of a filter, '' when there is none (the clean list). */
export function structuresSearch(filter: StructuresFilter): string {
  const params = new URLSearchParams();
  if (filter.search?.trim()) params.set('search', filter.search.trim());
  if (filter.category) params.set('category', filter.category);
  const text = params.toString();
  return text ? `?${text}` : '';
}
