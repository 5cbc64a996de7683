import type { AssignableRole, SegmentationUser, Structure } from '@voxa/contracts';

/** One category of the structure picker: Mantine's option group shape. */
export interface StructureGroup {
  group: string;
  items: { value: string; label: string }[];
}

/** Structures without a category are listed last under this heading. */
export const NO_CATEGORY = 'Other';

const byText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

/** The picker's groups: one per category by title (uncategorised last), structures by title, keyed by slug. */
export function groupStructures(
  structures: readonly Pick<Structure, 'slug' | 'title' | 'category'>[],
): StructureGroup[] {
  const groups = new Map<string, StructureGroup['items']>();
  for (const s of structures) {
    const name = s.category?.title ?? NO_CATEGORY;
    groups.set(name, [...(groups.get(name) ?? []), { value: s.slug, label: s.title }]);
  }
  return [...groups]
    .sort(([a], [b]) => (a === NO_CATEGORY ? 1 : b === NO_CATEGORY ? -1 : byText(a, b)))
    .map(([group, items]) => ({ group, items: [...items].sort((a, b) => byText(a.label, b.label)) }));
}

/**
 * The picker's search: case-insensitive, every word must occur in the structure's title, its slug or its
 * category, so "abd kid" finds the kidneys under Abdomen. Groups left empty are dropped.
 */
export function searchStructures(groups: readonly StructureGroup[], search: string): StructureGroup[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...groups];
  return groups
    .map(({ group, items }) => ({
      group,
      items: items.filter((item) => {
        const text = `${item.label} ${item.value} ${group}`.toLowerCase();
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((g) => g.items.length > 0);
}

/** A role box of a shared segmentation: the role and the users assigned in it. */
export interface RoleBox {
  roleId: number;
  name: string;
  users: SegmentationUser[];
}

/**
 * A box for every assignable role, empty or not, then one for each role still holding users that is no
 * longer assignable, so it can be emptied (docs/decisions/0030-segmentation-access.md).
 */
export function roleBoxes(
  assignable: readonly AssignableRole[],
  roles: Readonly<Record<string, readonly SegmentationUser[]>>,
): RoleBox[] {
  const known = new Set(assignable.map((r) => r.id));
  const boxes = assignable.map((r) => ({ roleId: r.id, name: r.name, users: [...(roles[r.id] ?? [])] }));
  const stale = Object.entries(roles)
    .filter(([id, users]) => !known.has(Number(id)) && users.length > 0)
    .map(([id, users]) => ({ roleId: Number(id), name: `Role #${id}`, users: [...users] }));
  return [...boxes, ...stale];
}

/** teams-and-account.md 8: the text when a role box has nobody left to offer (verbatim). */
export function noAvailableUserMessage(role: string, team: string): string {
  return `No ${role} user in the team ${team} is assigned or you assigned all available`;
}
