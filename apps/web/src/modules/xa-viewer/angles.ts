/**
 * Positioner angles as cardiologists name the projection (PS3.3 C.8.7.5.1.2, decision 0039): a positive
 * primary angle is LAO and a negative one RAO; a positive secondary angle is cranial (CRAN) and a
 * negative one caudal (CAUD). Zero is the plain AP view on that axis.
 */
const degrees = (angle: number) => `${Math.round(angle * 10) / 10}°`;

/** The angle as the header gives it: '77°', '-45°'. */
export const angleText = (angle: number) => degrees(angle);

export function primaryProjection(angle: number): string {
  if (angle === 0) return 'AP';
  return `${angle > 0 ? 'LAO' : 'RAO'} ${degrees(Math.abs(angle))}`;
}

export function secondaryProjection(angle: number): string {
  if (angle === 0) return 'AP';
  return `${angle > 0 ? 'CRAN' : 'CAUD'} ${degrees(Math.abs(angle))}`;
}
