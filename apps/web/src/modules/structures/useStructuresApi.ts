import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { type NewStructure, type StructureChanges } from '@voxa/contracts';
import { call } from '../../lib/api';
import type { StructuresFilter } from './structuresFilter';

/** Every query holding structures of the team (list and details). */
export const STRUCTURES_KEY = ['structures'] as const;

/** GET /structures/categories: body parts by slug, for the filter and the forms. */
export function useCategories() {
  return useQuery({
    queryKey: ['structures', 'categories'],
    queryFn: ({ signal }) => call(api.reference.categories, { signal }),
    staleTime: Infinity,
  });
}

/** GET /structures?search&category: the catalogue and the team's own; the list shown stays while the next loads. */
export function useStructures(filter: StructuresFilter) {
  return useQuery({
    queryKey: [...STRUCTURES_KEY, 'list', filter],
    queryFn: ({ signal }) => call(api.structures.list, { query: filter, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStructure(slug: string) {
  return useQuery({
    queryKey: [...STRUCTURES_KEY, 'detail', slug],
    queryFn: ({ signal }) => call(api.structures.detail, { params: { slug }, signal }),
    enabled: slug !== '',
  });
}

/** Create, change and delete a structure of the team's own; each refreshes every structures query. */
export function useStructureChanges() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: STRUCTURES_KEY });
  return {
    create: useMutation({
      mutationFn: (body: NewStructure) => call(api.structures.create, { body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: (v: { slug: string; changes: StructureChanges }) =>
        call(api.structures.update, { params: { slug: v.slug }, body: v.changes }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (slug: string) => call(api.structures.remove, { params: { slug } }),
      onSettled,
    }),
  };
}
