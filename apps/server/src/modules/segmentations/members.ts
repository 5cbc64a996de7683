import { hasAny, type Permission } from '@voxa/contracts';
import type { Db } from '../../platform/db';
import type { SegmentationRow } from '../../platform/db/schema';
import { segmentationAccess } from './access';
import { mayReview, type ReviewCandidate } from './reviewers';

export interface SegmentationMember extends ReviewCandidate {
  /**
   * May open the segmentation (decision 0030, and a permission that reaches its endpoints: r:studies alone
   * lists studies, not masks): may be mentioned on it.
   */
  reads: boolean;
  /** Assigned in the box of the role they hold now (a shared segmentation only). */
  isAssigned: boolean;
}

export interface TeamMember {
  id: number;
  name: string;
  roleId: number;
  permissions: Permission[];
}

/** The team's members with their role's permissions, alphabetical: one query for any number of segmentations. */
export async function teamMembers(db: Db, teamId: number): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom('team_users')
    .innerJoin('users', 'users.id', 'team_users.user_id')
    .innerJoin('roles', 'roles.id', 'team_users.role_id')
    .select(['users.id', 'users.name', 'team_users.role_id', 'roles.permissions'])
    .where('team_users.team_id', '=', teamId)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
  // Stored role sets hold contract permission strings only (roles are validated on write).
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    roleId: r.role_id,
    permissions: r.permissions as Permission[],
  }));
}

/** The team's members as one segmentation sees them: who may read it, who reviews it, who is in its boxes. */
export function membersOf(
  segmentation: Pick<SegmentationRow, 'rbac_enabled' | 'user_id'>,
  members: readonly TeamMember[],
  assignments: readonly { user_id: number; role_id: number }[],
): SegmentationMember[] {
  const live = new Set(assignments.map((a) => `${a.user_id}:${a.role_id}`));
  return members.map((m) => {
    const isAssigned = segmentation.rbac_enabled && live.has(`${m.id}:${m.roleId}`);
    const access = segmentationAccess({
      rbacEnabled: segmentation.rbac_enabled,
      permissions: m.permissions,
      isCreator: segmentation.user_id === m.id,
      isAssigned,
    });
    return {
      id: m.id,
      name: m.name,
      reads: access.read && hasAny(m.permissions, ['r:segmentations', 'r:studies:detail', 'r:reviews']),
      reviews: mayReview({ permissions: m.permissions, read: access.read }),
      isAssigned,
    };
  });
}

/** One segmentation's members (two queries, whatever the team's size). */
export async function segmentationMembers(
  db: Db,
  segmentation: SegmentationRow,
): Promise<SegmentationMember[]> {
  const [members, assigned] = await Promise.all([
    teamMembers(db, segmentation.team_id),
    db
      .selectFrom('segmentation_users')
      .select(['user_id', 'role_id'])
      .where('segmentation_id', '=', segmentation.id)
      .execute(),
  ]);
  return membersOf(segmentation, members, assigned);
}
