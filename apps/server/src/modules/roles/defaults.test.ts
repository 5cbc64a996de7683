import { ROLE_ASSIGNABLE_PERMISSIONS } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { inCanonicalOrder, seededRoles } from './defaults';

const byName = Object.fromEntries(seededRoles().map((r) => [r.name, r]));

describe('seededRoles', () => {
  it('seeds Owner, Member, Annotator and Viewer; Member is the default', () => {
    expect(Object.keys(byName)).toEqual(['Owner', 'Member', 'Annotator', 'Viewer']);
    expect(
      seededRoles()
        .filter((r) => r.is_default)
        .map((r) => r.name),
    ).toEqual(['Member']);
  });

  it('gives Owner every role-assignable permission and no role admin', () => {
    expect(byName.Owner?.permissions).toEqual([...ROLE_ASSIGNABLE_PERMISSIONS]);
    for (const role of seededRoles()) expect(role.permissions).not.toContain('admin');
  });

  it('gives the work roles the documented sets', () => {
    expect(byName.Viewer?.permissions).toEqual(['r:dashboard', 'r:studies']);
    expect(byName.Annotator?.permissions).toEqual([
      'r:dashboard',
      'r:studies',
      'r:studies:detail',
      'r:structures',
      'r:segmentations',
      'r:reviews',
    ]);
    expect(byName.Member?.permissions).toHaveLength(14);
    expect(byName.Member?.permissions).not.toContain('r:team');
    expect(byName.Member?.permissions).toContain('r:upload-v2');
  });

  it('orders a permission set as the contract lists it and drops repeats', () => {
    expect(inCanonicalOrder(['r:studies', 'r:dashboard', 'r:studies'])).toEqual(['r:dashboard', 'r:studies']);
  });
});
