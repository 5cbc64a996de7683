import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { type AdminStructureChanges, type NewStructure } from '@voxa/contracts';
import { call } from '../../lib/api';
import type { StructuresFilter } from '../structures/structuresFilter';
import { STRUCTURES_KEY } from '../structures/useStructuresApi';

const KEY = ['admin', 'structures'] as const;

/** GET /admin/structures?search&category: the global catalogue. */
export function useAdminStructures(filter: StructuresFilter) {
  return useQuery({
    queryKey: [...KEY, filter],
    queryFn: ({ signal }) => call(api.adminStructures.list, { query: filter, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Create, change and delete a global structure; the team's structure queries refresh too. */
export function useAdminStructureChanges() {
  const client = useQueryClient();
  const onSettled = () =>
    Promise.all([KEY, STRUCTURES_KEY].map((queryKey) => client.invalidateQueries({ queryKey })));
  return {
    create: useMutation({
      mutationFn: (body: NewStructure) => call(api.adminStructures.create, { body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: (v: { id: number; changes: AdminStructureChanges }) =>
        call(api.adminStructures.update, { params: { structureId: v.id }, body: v.changes }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(api.adminStructures.remove, { params: { structureId: id } }),
      onSettled,
    }),
  };
}
