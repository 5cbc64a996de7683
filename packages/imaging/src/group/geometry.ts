/** Slice geometry of a series from ImageOrientationPatient and ImagePositionPatient (PS3.3 C.7.6.2). */

type Vector = [number, number, number];

/** Orientation cosines that differ by less than this are equal (DS values carry rounding). */
const ORIENTATION_TOLERANCE = 1e-4;
/** Positions along the normal closer than this (mm) are the same slice, e.g. repeated fMRI volumes. */
const SAME_POSITION_MM = 1e-3;
/** Consecutive steps that differ by less than this (mm) count as one constant spacing. */
const SPACING_TOLERANCE_MM = 1e-2;

/** The slice normal: the cross product of the row and column direction cosines. */
export function sliceNormal(orientation: number[] | null): Vector | null {
  if (!orientation || orientation.length < 6) return null;
  const [rx, ry, rz, cx, cy, cz] = orientation as [number, number, number, number, number, number];
  return [ry * cz - rz * cy, rz * cx - rx * cz, rx * cy - ry * cx];
}

/** Where a slice lies along the normal; null without a position or a normal. */
export function positionAlongNormal(position: number[] | null, normal: Vector | null): number | null {
  if (!position || position.length < 3 || !normal) return null;
  return (
    (position[0] as number) * normal[0] +
    (position[1] as number) * normal[1] +
    (position[2] as number) * normal[2]
  );
}

/** Every slice has an orientation and they are all the same; a slice without one makes this false. */
export function orientationsEqual(orientations: (number[] | null)[]): boolean {
  const [first] = orientations;
  if (!first || first.length < 6) return false;
  return orientations.every(
    (o) =>
      o !== null &&
      o.length === first.length &&
      o.every((v, i) => Math.abs(v - (first[i] as number)) < ORIENTATION_TOLERANCE),
  );
}

/**
 * The distance between neighbouring slice positions along the normal when it is the same everywhere,
 * else null (also with fewer than two distinct positions or a slice without a position). Repeated
 * positions (several volumes of one slice stack) count once.
 */
export function constantSpacing(distances: (number | null)[]): number | null {
  if (distances.some((d) => d === null)) return null;
  const sorted = (distances as number[]).slice().sort((a, b) => a - b);
  const distinct = sorted.filter((d, i) => i === 0 || d - (sorted[i - 1] as number) > SAME_POSITION_MM);
  if (distinct.length < 2) return null;
  const steps = distinct.slice(1).map((d, i) => d - (distinct[i] as number));
  const first = steps[0] as number;
  if (steps.some((step) => Math.abs(step - first) > SPACING_TOLERANCE_MM)) return null;
  return steps.reduce((sum, step) => sum + step, 0) / steps.length;
}
