/**
 * PS3.15's Clean Descriptors Option (E.3.5, decision 0086): a descriptor the profile would remove (Series
 * Description, Protocol Name, Study Description...) is kept without whatever in it names the patient. What
 * the file says of its patient is removed in any spelling; what only looks like a date or like a titled name
 * ('Dr. Smith') is removed too, since it may name someone the file does not.
 */

/** The patient as the original file names them: Patient's Name (PN), Patient ID, Patient's Birth Date (DA). */
export interface PatientIdentity {
  name: string;
  id: string;
  birthDate: string;
}

/** Characters around a removed part that go with it ('DTI_AP_DOE' -> 'DTI_AP'). */
const SEPARATORS = String.raw`[\s_\-.,;:/\\^=()\[\]]`;
const CUT = '\u0000';
const CUTS = new RegExp(`${SEPARATORS}*${CUT}(?:${SEPARATORS}*${CUT})*${SEPARATORS}*`, 'g');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NOT_DIGIT_BEFORE = '(?<!\\d)';
const NOT_DIGIT_AFTER = '(?!\\d)';
const MONTHS = 'JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC';

/** Any date in the spellings a console or a technologist writes: 19650412, 1965-04-12, 12.04.1965, 12 Apr 1965. */
const DATE_PATTERNS = [
  String.raw`(?:19|20)\d\d(?<ymd>[-./]?)(?:0[1-9]|1[0-2])\k<ymd>(?:0[1-9]|[12]\d|3[01])`,
  String.raw`(?:0?[1-9]|[12]\d|3[01])(?<dmy>[-./])(?:0?[1-9]|1[0-2])\k<dmy>(?:19|20)\d\d`,
  String.raw`(?:0?[1-9]|1[0-2])/(?:0?[1-9]|[12]\d|3[01])/(?:19|20)\d\d`,
  String.raw`(?:0[1-9]|[12]\d|3[01])\.(?:0[1-9]|1[0-2])\.\d\d`,
  String.raw`(?:0?[1-9]|[12]\d|3[01])[ -]?(?:${MONTHS})[a-z]*\.?[ -]?(?:19|20)?\d\d`,
].map((pattern) => `${NOT_DIGIT_BEFORE}${pattern}${NOT_DIGIT_AFTER}`);

/**
 * A title and the capitalised name after it: 'Dr. Smith', 'Prof Meier', 'Frau Huber'. Matched as written
 * (case counts), so 'MR Brain' and 'MS protocol' are not taken for Mr Brain and Ms Protocol.
 */
const TITLED_NAME = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:Dr|Mr|Mrs|Ms|Miss|Prof|Herr|Frau|Mme|Mlle)(?:\.\s*|\s+)\p{Lu}\p{Ll}[\p{L}'-]*`,
  'gu',
);

/** The birth date (DA, YYYYMMDD) in the spellings DATE_PATTERNS may not cover: day-first without separator, 2-digit year. */
function birthDateSpellings(date: string): string[] {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(date.trim());
  if (!match) return [];
  const [, y = '', m = '', d = ''] = match;
  return [`${d}${m}${y}`, `${m}${d}${y}`, `${y.slice(2)}${m}${d}`, `${d}${m}${y.slice(2)}`].map(
    (spelling) => `${NOT_DIGIT_BEFORE}${spelling}${NOT_DIGIT_AFTER}`,
  );
}

/** Each part of a person name (family, given, middle; alphabetic, ideographic, phonetic), 2 letters or more. */
export function nameComponents(name: string): string[] {
  return [
    ...new Set(
      name
        .split(/[\^=\s,]+/)
        .map((part) => part.trim())
        .filter((part) => part.length >= 2),
    ),
  ];
}

/**
 * What in a descriptor names the patient, in any case: each name component as a word (not inside one:
 * 'Ross' must not cut 'cross'), the ID anywhere (3 characters or more), the birth date and any date.
 */
export function identityPattern(identity: PatientIdentity): RegExp {
  const words = nameComponents(identity.name).map((part) => `(?<!\\p{L})${escape(part)}(?!\\p{L})`);
  const id = identity.id.trim();
  const ids = id.length >= 3 ? [escape(id)] : [];
  const parts = [...words, ...ids, ...birthDateSpellings(identity.birthDate), ...DATE_PATTERNS];
  return new RegExp(parts.join('|'), 'giu');
}

/**
 * `text` without what names the patient, the separators around each removed part folded into one
 * ('ep2d_diff 19650412 PA' -> 'ep2d_diff PA'); a text with nothing to remove comes back as it was, and one
 * with nothing else left as ''.
 */
export function cleanDescriptor(text: string, identity: PatientIdentity): string {
  const cut = text.replaceAll(CUT, '').replace(identityPattern(identity), CUT).replace(TITLED_NAME, CUT);
  if (!cut.includes(CUT)) return text;
  return cut
    .replace(CUTS, (run, offset: number) => {
      if (offset === 0 || offset + run.length === cut.length) return '';
      const kept = run.split(CUT);
      return kept[0]?.slice(-1) || kept.at(-1)?.slice(0, 1) || ' ';
    })
    .trim();
}
