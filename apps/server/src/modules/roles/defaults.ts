import { ROLE_ASSIGNABLE_PERMISSIONS, type Permission } from '@voxa/contracts';

export interface SeededRole {
  name: string;
  permissions: Permission[];
  is_default: boolean;
}

const VIEWER: Permission[] = ['r:dashboard', 'r:studies'];
const ANNOTATOR: Permission[] = [
  ...VIEWER,
  'r:studies:detail',
  'r:structures',
  'r:segmentations',
  'r:reviews',
];
const MEMBER: Permission[] = [
  ...ANNOTATOR,
  'r:upload',
  'r:upload-v2',
  'r:transfer-functions',
  'r:ai-models',
  'r:ai-trainings',
  'r:ai-infers',
  'r:pipeline',
  'r:flow',
];

/** Orders permissions as the contract lists them, so stored sets compare and read the same. */
export function inCanonicalOrder(permissions: readonly Permission[]): Permission[] {
  const held = new Set(permissions);
  return ROLE_ASSIGNABLE_PERMISSIONS.filter((p) => held.has(p));
}

/**
 * The roles every new team starts with (docs/decisions/0002-roles-and-permissions.md). The creator
 * becomes Owner; invitation rows start with the default role, Member.
 */
export function seededRoles(): SeededRole[] {
  return [
    { name: 'Owner', permissions: [...ROLE_ASSIGNABLE_PERMISSIONS], is_default: false },
    { name: 'Member', permissions: inCanonicalOrder(MEMBER), is_default: true },
    { name: 'Annotator', permissions: inCanonicalOrder(ANNOTATOR), is_default: false },
    { name: 'Viewer', permissions: inCanonicalOrder(VIEWER), is_default: false },
  ];
}

export const OWNER_ROLE = 'Owner';
