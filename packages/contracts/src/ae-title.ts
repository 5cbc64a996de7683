/** Longest AE title (PS3.5 Table 6.2-1, VR AE). */
export const AE_TITLE_MAX = 16;

/**
 * The rule of `aeTitleProblem` as one pattern, for the API schema and its OpenAPI document: spaces, then
 * 1 to 16 characters of printable ASCII but the backslash, beginning and ending with one that is no space,
 * then spaces.
 */
export const AE_TITLE_PATTERN = /^ *[!-[\]-~](?:[ -[\]-~]{0,14}[!-[\]-~])? *$/;

/** Leading and trailing spaces of an AE title are padding, not part of it (PS3.5 Table 6.2-1). */
const unpadded = (title: string) => title.replace(/^ +| +$/g, '');

/** An AE title as it is stored and compared: unpadded, in capitals (the SCP compares without case). */
export function normalizeAeTitle(title: string): string {
  return unpadded(title).toUpperCase();
}

/**
 * Returns the reason an AE title is unacceptable, or null when it is fine: 1 to 16 characters once
 * unpadded (so not all spaces), of the default repertoire (printable ASCII) without the backslash, which
 * separates values in DICOM.
 */
export function aeTitleProblem(title: string): string | null {
  const value = unpadded(title);
  if (value.length < 1 || value.length > AE_TITLE_MAX)
    return `An AE title is 1 to ${AE_TITLE_MAX} characters, not counting spaces around it.`;
  if (value.includes('\\')) return 'An AE title may not contain a backslash.';
  if (!/^[ -~]+$/.test(value))
    return 'An AE title is printable ASCII: letters, digits, spaces and punctuation, no control characters.';
  return null;
}
