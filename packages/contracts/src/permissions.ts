import { z } from 'zod';

/** The spec's permission strings, exactly (teams-and-account.md section 6). */
export const PERMISSIONS = [
  'admin',
  'r:dashboard',
  'r:upload',
  'r:upload-v2',
  'r:studies',
  'r:studies:detail',
  'r:structures',
  'r:segmentations',
  'r:reviews',
  'r:transfer-functions',
  'r:ai-models',
  'r:ai-trainings',
  'r:ai-infers',
  'r:team',
  'r:xr-sessions',
  'r:xr-workers',
  'r:ai-workers',
  'r:ai-model-configuration',
  'r:pipeline',
  'r:flow',
  'r:users',
  'r:api-users',
  'r:invitations',
  'r:teams',
  'r:roles',
  'r:permissions',
  'r:log-session',
] as const;

export const Permission = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof Permission>;

/**
 * `admin` is never held through a team role: it comes only from the user's administrator flag,
 * so no role, seeded or edited, can grant it (docs/decisions/0002-roles-and-permissions.md).
 */
export const ROLE_ASSIGNABLE_PERMISSIONS = PERMISSIONS.filter((p) => p !== 'admin');

export const RoleAssignablePermission = z.enum(ROLE_ASSIGNABLE_PERMISSIONS as [Permission, ...Permission[]]);

/** Holds every permission in `required`. */
export function hasAll(held: readonly string[], required: readonly Permission[]): boolean {
  return required.every((p) => held.includes(p));
}

/** Holds at least one of `any`; an empty list asks for nothing. */
export function hasAny(held: readonly string[], any: readonly Permission[]): boolean {
  return any.length === 0 || any.some((p) => held.includes(p));
}

/**
 * Opening a case: the study pages, the segmentation pages and reviews all lead to the annotator. Here, not
 * beside the annotator's calls: the first load's route table needs it without their schemas.
 */
export const READ_CASES: readonly Permission[] = [
  'r:studies',
  'r:studies:detail',
  'r:segmentations',
  'r:reviews',
];
