import type { SegmentationUser } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { groupStructures, noAvailableUserMessage, roleBoxes, searchStructures } from './rules';

const abdomen = { id: 1, title: 'Abdomen', slug: 'abdomen' };
const head = { id: 2, title: 'Head', slug: 'head' };
const structures = [
  { slug: 'liver', title: 'Liver', category: abdomen },
  { slug: 'brain', title: 'Brain', category: head },
  { slug: 'kidney_left', title: 'Kidney left', category: abdomen },
  { slug: 'lesion', title: 'Lesion', category: null },
  { slug: 'kidney_right', title: 'kidney right', category: abdomen },
];

describe('groupStructures', () => {
  it('groups by category title, uncategorised last, structures by title in any case', () => {
    expect(groupStructures(structures)).toEqual([
      {
        group: 'Abdomen',
        items: [
          { value: 'kidney_left', label: 'Kidney left' },
          { value: 'kidney_right', label: 'kidney right' },
          { value: 'liver', label: 'Liver' },
        ],
      },
      { group: 'Head', items: [{ value: 'brain', label: 'Brain' }] },
      { group: 'Other', items: [{ value: 'lesion', label: 'Lesion' }] },
    ]);
  });

  it('gives no group for no structures', () => {
    expect(groupStructures([])).toEqual([]);
  });
});

describe('searchStructures', () => {
  const groups = groupStructures(structures);
  const found = (search: string) =>
    searchStructures(groups, search).flatMap((g) => g.items.map((i) => `${g.group}/${i.value}`));

  it('keeps everything for an empty search', () => {
    expect(searchStructures(groups, '  ')).toEqual(groups);
  });

  it('matches title, slug and category in any case, every word, dropping empty groups', () => {
    expect(found('KIDNEY')).toEqual(['Abdomen/kidney_left', 'Abdomen/kidney_right']);
    expect(found('kidney_r')).toEqual(['Abdomen/kidney_right']);
    expect(found('head')).toEqual(['Head/brain']);
    expect(found('abd  left')).toEqual(['Abdomen/kidney_left']);
    expect(found('spleen')).toEqual([]);
  });
});

describe('roleBoxes', () => {
  const user = (id: number, roleId: number): SegmentationUser => ({
    id,
    segmentation_id: 9,
    user_id: 100 + id,
    role_id: roleId,
    name: `User ${id}`,
    email: `u${id}@example.org`,
  });

  it('gives every assignable role a box, empty or not, in their order', () => {
    const boxes = roleBoxes(
      [
        { id: 3, name: 'Annotator' },
        { id: 2, name: 'Member' },
      ],
      { 2: [user(1, 2)] },
    );
    expect(boxes.map((b) => [b.name, b.users.map((u) => u.name)])).toEqual([
      ['Annotator', []],
      ['Member', ['User 1']],
    ]);
  });

  it('adds a box for a role no longer assignable while it still holds users', () => {
    const boxes = roleBoxes([{ id: 3, name: 'Annotator' }], { 7: [user(2, 7)], 8: [] });
    expect(boxes.map((b) => [b.roleId, b.name, b.users.length])).toEqual([
      [3, 'Annotator', 0],
      [7, 'Role #7', 1],
    ]);
  });
});

describe('messages and segment rules', () => {
  it('words the empty role box as the spec does', () => {
    expect(noAvailableUserMessage('Annotator', 'Seg Lab')).toBe(
      'No Annotator user in the team Seg Lab is assigned or you assigned all available',
    );
  });
});
