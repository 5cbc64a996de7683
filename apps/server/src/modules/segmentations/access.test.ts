import type { Permission } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { isAssignableRole, segmentationAccess, type AccessFacts } from './access';

const OWNER: Permission[] = ['r:team', 'r:segmentations', 'r:reviews', 'r:studies'];
const ANNOTATOR: Permission[] = ['r:studies', 'r:studies:detail', 'r:segmentations', 'r:reviews'];
const REVIEWER: Permission[] = ['r:studies', 'r:reviews'];
const VIEWER: Permission[] = ['r:dashboard', 'r:studies'];
const NOTHING: Permission[] = ['r:dashboard'];

const facts = (over: Partial<AccessFacts>): AccessFacts => ({
  rbacEnabled: true,
  permissions: ANNOTATOR,
  isCreator: false,
  isAssigned: false,
  ...over,
});
const can = (over: Partial<AccessFacts>) => {
  const a = segmentationAccess(facts(over));
  return [a.read, a.edit, a.review, a.delete, a.assign].map((b) => (b ? 1 : 0)).join('');
};

describe('segmentation access (decision 0030)', () => {
  // read, edit, review, delete, assign
  it.each([
    ['owner (r:team)', { permissions: OWNER }, '11111'],
    ['administrator', { permissions: ['admin'] as Permission[] }, '11111'],
    ['creator annotator', { isCreator: true }, '11111'],
    ['assigned annotator', { isAssigned: true }, '11100'],
    // r:reviews reviews what it reads, assigned or not (decision 0093); changing still takes a box.
    ['unassigned annotator', {}, '10100'],
    [
      'unassigned annotator without r:reviews',
      { permissions: ['r:studies', 'r:segmentations'] as Permission[] },
      '10000',
    ],
    ['assigned reviewer', { permissions: REVIEWER, isAssigned: true }, '10100'],
    ['unassigned reviewer', { permissions: REVIEWER }, '10100'],
    ['assigned viewer', { permissions: VIEWER, isAssigned: true }, '10000'],
    ['viewer', { permissions: VIEWER }, '10000'],
    ['creator who lost r:segmentations', { permissions: VIEWER, isCreator: true }, '10000'],
    ['member without study access', { permissions: NOTHING, isAssigned: true }, '00000'],
  ])('on a shared segmentation: %s', (_name, over, expected) => {
    expect(can(over)).toBe(expected);
  });

  it.each([
    ['annotator', { permissions: ANNOTATOR }, '11110'],
    ['reviewer', { permissions: REVIEWER }, '10100'],
    ['viewer', { permissions: VIEWER }, '10000'],
    ['owner', { permissions: OWNER }, '11110'],
  ])('on a segmentation without rbac (N/A, nobody assigns): %s', (_name, over, expected) => {
    expect(can({ ...over, rbacEnabled: false })).toBe(expected);
  });

  it('offers the roles that may change or review a segmentation', () => {
    expect(isAssignableRole(ANNOTATOR)).toBe(true);
    expect(isAssignableRole(REVIEWER)).toBe(true);
    expect(isAssignableRole(VIEWER)).toBe(false);
  });
});
