import { z } from 'zod';
import { Id, Timestamp } from './common';
import { endpoint } from './endpoint';
import type { Permission } from './permissions';

/** Body-part category as a structure carries it (teams-and-account.md 3, Structure: category {id, title}). */
export const StructureCategoryRef = z.object({ id: Id, title: z.string() });

/**
 * An anatomical structure (teams-and-account.md 3): global (team_id null) or the team's own. Seeded ones
 * (the TotalSegmentator class maps, docs/decisions/0030) are read-only. A multi-class structure (a model's
 * label map) lists its classes: label value -> the structure it stands for.
 */
export const Structure = z.object({
  id: Id,
  slug: z.string(),
  title: z.string(),
  category_id: Id.nullable(),
  category: StructureCategoryRef.nullable(),
  team_id: Id.nullable(),
  read_only: z.boolean(),
  created_at: Timestamp,
});
export type Structure = z.infer<typeof Structure>;

export const StructureClass = z.object({ value: z.number().int(), slug: z.string(), title: z.string() });
export const StructureDetail = Structure.extend({ classes: z.array(StructureClass) });
export type StructureDetail = z.infer<typeof StructureDetail>;

export const STRUCTURE_TITLE_MAX = 128;
export const StructureSlug = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Use lower-case letters, digits, - and _.');
export const NewStructure = z.strictObject({
  title: z.string().trim().min(1).max(STRUCTURE_TITLE_MAX),
  slug: StructureSlug.optional(),
  category_id: Id.nullable().optional(),
});

/** Structures are read wherever segmentations are made; the Structures page changes the team's own. */
const READ_STRUCTURES: readonly Permission[] = ['r:structures', 'r:segmentations', 'r:studies:detail'];

export const structures = {
  list: endpoint({
    method: 'GET',
    path: '/structures',
    scope: 'team',
    anyPermission: READ_STRUCTURES,
    summary: 'The global catalogue and the team’s own structures, by title; search and category filter',
    query: z.strictObject({
      search: z.string().trim().max(100).optional(),
      category: z.string().trim().max(64).optional(),
    }),
    response: z.array(Structure),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/structures/:slug',
    scope: 'team',
    anyPermission: READ_STRUCTURES,
    summary: 'One structure by slug (the team’s own first), with its classes',
    params: z.strictObject({ slug: StructureSlug }),
    response: StructureDetail,
  }),
  create: endpoint({
    method: 'POST',
    path: '/structures',
    scope: 'team',
    permissions: ['r:structures'],
    summary: 'Add a structure of the team’s own; a slug taken by the catalogue or the team answers 409',
    body: NewStructure,
    response: StructureDetail,
    status: 201,
  }),
};
