import type { Axis } from '../labels/label-volume';

/**
 * How NiiVue reorients a volume to RAS (its `calculateRAS`): for each RAS axis (0 right, 1 anterior,
 * 2 superior) the file axis that runs along it and whether that file axis runs backwards. File axis 0
 * takes the RAS axis its affine column leans on most, axis 1 the larger of the two left, axis 2 the last.
 */
export interface RasAxes {
  fileAxis: [Axis, Axis, Axis];
  flipped: [boolean, boolean, boolean];
}

/** NiiVue's test of an affine it can use: finite, each row and column with a non-zero entry. */
function isUsableAffine(affine: readonly (readonly number[])[]): boolean {
  const rows = [false, false, false];
  const columns = [false, false, false];
  for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) if (!Number.isFinite(affine[i]?.[j])) return false;
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      if (affine[i]![j] !== 0) {
        rows[i] = true;
        columns[j] = true;
      }
  return rows.every(Boolean) && columns.every(Boolean);
}

/** The RAS axes of a voxel-to-world affine (4 x 4 rows), NiiVue's fallback (identity) when unusable. */
export function rasAxes(affine: readonly (readonly number[])[]): RasAxes {
  if (!isUsableAffine(affine)) return { fileAxis: [0, 1, 2], flipped: [false, false, false] };
  const m = (row: number, column: number) => Math.abs(affine[row]![column]!);
  // The RAS row each file axis (affine column) runs along, chosen as NiiVue does (ties to the lower row).
  let along0: Axis = 0;
  if (m(1, 0) > m(0, 0)) along0 = 1;
  if (m(2, 0) > m(0, 0) && m(2, 0) > m(1, 0)) along0 = 2;
  const [a, b] = ([0, 1, 2] as Axis[]).filter((r) => r !== along0) as [Axis, Axis];
  const along1: Axis = m(a, 1) > m(b, 1) ? a : b;
  const along2 = (3 - along0 - along1) as Axis;
  const fileAxis: [Axis, Axis, Axis] = [0, 0, 0];
  fileAxis[along0] = 0;
  fileAxis[along1] = 1;
  fileAxis[along2] = 2;
  const flipped = fileAxis.map((file, ras) => affine[ras]![file]! < 0) as [boolean, boolean, boolean];
  return { fileAxis, flipped };
}
