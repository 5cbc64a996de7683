import { hasAny, type Permission, type SegmentationAccess } from '@voxa/contracts';
import { mayReview } from './reviewers';

/**
 * Who may do what with one segmentation (docs/decisions/0030-segmentation-access.md). A pure rule:
 * the caller's permissions in the team, whether they manage it, and whether an assignment of theirs on it
 * is live (its role is the role they hold in the team now).
 */
export interface AccessFacts {
  rbacEnabled: boolean;
  /** The caller's permissions in the segmentation's team (`admin` when they are an administrator). */
  permissions: readonly Permission[];
  /** The caller created the segmentation. */
  isCreator: boolean;
  /** The caller is assigned to it in a role box of the role they hold in the team now. */
  isAssigned: boolean;
}

/** What a team permission set allows on a segmentation nobody restricts (reviewing aside: `mayReview`). */
type Capability = 'none' | 'read' | 'edit';

function capability(permissions: readonly Permission[]): Capability {
  if (hasAny(permissions, ['admin', 'r:segmentations'])) return 'edit';
  if (hasAny(permissions, ['r:reviews', 'r:studies', 'r:studies:detail'])) return 'read';
  return 'none';
}

/** Those who run the team's work (r:team, administrators) and a segmentation's creator manage it. */
export function managesSegmentation(facts: Pick<AccessFacts, 'permissions' | 'isCreator'>): boolean {
  return (
    hasAny(facts.permissions, ['admin', 'r:team']) ||
    (facts.isCreator && hasAny(facts.permissions, ['r:segmentations']))
  );
}

export function segmentationAccess(facts: AccessFacts): SegmentationAccess & { read: boolean } {
  const own = capability(facts.permissions);
  const manages = managesSegmentation(facts);
  // A shared segmentation is changed only by those assigned to it (and its managers); the rest of the
  // team still sees it, so it can be reviewed and discussed, but does not change it.
  const effective: Capability =
    !facts.rbacEnabled || manages || facts.isAssigned ? own : own === 'none' ? 'none' : 'read';
  const edit = effective === 'edit';
  const read = effective !== 'none';
  return {
    read,
    edit,
    // Whoever holds r:reviews reviews what they read, shared or not (decision 0093).
    review: edit || mayReview({ permissions: facts.permissions, read }),
    delete: facts.rbacEnabled ? manages : edit,
    assign: facts.rbacEnabled && manages,
  };
}

/** Roles that can be given a box on a segmentation: those whose holders may change or review one. */
export function isAssignableRole(permissions: readonly Permission[]): boolean {
  return hasAny(permissions, ['r:segmentations', 'r:reviews']);
}
