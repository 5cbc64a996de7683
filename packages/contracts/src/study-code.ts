/**
 * The encoded study id of `POST study/uuid` (teams-and-account.md 7.4) and of a list row's `study_id`:
 * an opaque, URL-safe code for a study's row id, so links need not show a counter. It hides nothing that
 * matters: whoever holds a code still needs the study's team to resolve it (docs/decisions/0019).
 */
const PREFIX = 's';
const MAX_ID = 2_147_483_647;

export function encodeStudyId(id: number): string {
  return base64url(`${PREFIX}${id}`);
}

/** The row id a code stands for, or null when it is not a code this server makes. */
export function decodeStudyId(code: string): number | null {
  if (!/^[A-Za-z0-9_-]{2,16}$/.test(code)) return null;
  const text = fromBase64url(code);
  const match = /^s([1-9][0-9]{0,9})$/.exec(text ?? '');
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id <= MAX_ID && encodeStudyId(id) === code ? id : null;
}

// Plain ASCII in and out, so btoa/atob serve in the browser and in Node alike.
function base64url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(code: string): string | null {
  try {
    return atob(code.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
}
