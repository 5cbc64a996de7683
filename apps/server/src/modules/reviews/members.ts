import { hasAny, type Permission } from '@voxa/contracts';
import type { Db } from '../../platform/db';
import type { SegmentationRow } from '../../platform/db/schema';
import { segmentationAccess } from '../segmentations/access';
import { isReviewer, type Member } from './rules';

export interface SegmentationMember extends Member {
  /**
   * May open the segmentation (decision 0030, and a permission that reaches its endpoints: r:studies alone
   * lists studies, not masks): may be mentioned on it.
   */
  reads: boolean;
  reviews: boolean;
}

/**
 * The team's members as one segmentation sees them, in one pass (two queries, whatever the team's size):
 * who may read it, and who reviews it. Alphabetical.
 */
export async function segmentationMembers(
  db: Db,
  segmentation: SegmentationRow,
): Promise<SegmentationMember[]> {
  const [members, assigned] = await Promise.all([
    db
      .selectFrom('team_users')
      .innerJoin('users', 'users.id', 'team_users.user_id')
      .innerJoin('roles', 'roles.id', 'team_users.role_id')
      .select(['users.id', 'users.name', 'team_users.role_id', 'roles.permissions'])
      .where('team_users.team_id', '=', segmentation.team_id)
      .orderBy('users.name')
      .orderBy('users.id')
      .execute(),
    db
      .selectFrom('segmentation_users')
      .select(['user_id', 'role_id'])
      .where('segmentation_id', '=', segmentation.id)
      .execute(),
  ]);
  const live = new Set(assigned.map((a) => `${a.user_id}:${a.role_id}`));
  return members.map((m) => {
    // Stored role sets hold contract permission strings only (roles are validated on write).
    const permissions = m.permissions as Permission[];
    const isAssigned = segmentation.rbac_enabled && live.has(`${m.id}:${m.role_id}`);
    const access = segmentationAccess({
      rbacEnabled: segmentation.rbac_enabled,
      permissions,
      isCreator: segmentation.user_id === m.id,
      isAssigned,
    });
    return {
      id: m.id,
      name: m.name,
      reads: access.read && hasAny(permissions, ['r:segmentations', 'r:studies:detail', 'r:reviews']),
      reviews: access.read && isReviewer({ rbacEnabled: segmentation.rbac_enabled, permissions, isAssigned }),
    };
  });
}
