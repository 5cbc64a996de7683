import type { RecognitionSeries } from '@voxa/contracts';

/** A recogniser's answer for one series: an acquisition code and how sure it is (0..1). */
export interface Guess {
  code: string;
  score: number;
}

/**
 * The words of a series' description, protocol and comments, lower case. `+` stays a word of its own
 * ("T1+C", "T1 +Gd") because it often means "with contrast". Image type values are read apart: they are
 * a vocabulary of their own (LOCALIZER, ADC, T1 in Enhanced MR).
 */
export function seriesWords(s: RecognitionSeries): string[] {
  const text = [s.seriesDescription, s.protocolName, s.imageComments]
    .filter((part): part is string => !!part)
    .join(' ')
    .toLowerCase()
    .replace(/\+/g, ' + ');
  return text.split(/[^a-z0-9+*]+/).filter(Boolean);
}

/** The same text as one string with single spaces, for phrases and partial words. */
export const joined = (words: readonly string[]) => ` ${words.join(' ')} `;

/** Seconds since midnight of a DICOM TM (HHMMSS.frac, or HH:MM:SS) or the time part of a DT; null if unreadable. */
export function dicomSeconds(value: string | null): number | null {
  if (!value) return null;
  const compact = value.trim().replace(/:/g, '');
  // A DT (YYYYMMDDHHMMSS...) carries its time after the 8 date digits.
  const time = /^\d{14}/.test(compact) ? compact.slice(8) : compact;
  const match = /^(\d{2})(\d{2})?(\d{2})?(\.\d+)?/.exec(time);
  if (!match) return null;
  const [, hh, mm = '0', ss = '0', frac = ''] = match;
  const seconds = Number(hh) * 3600 + Number(mm) * 60 + Number(ss) + (frac ? Number(frac) : 0);
  return Number(hh) < 24 && Number(mm) < 60 && Number(ss) < 61 ? seconds : null;
}

/** Whether the header says contrast was given (agent, route or start time; "none"/"no" do not count). */
export function hasContrast(s: RecognitionSeries): boolean {
  const given = (v: string | null) => !!v && !/^\s*(none|no|n\/a|-)?\s*$/i.test(v);
  return given(s.contrastAgent) || given(s.contrastRoute) || given(s.contrastStartTime);
}

/** Scores stay in 0..1 and read well: two decimals. */
export const clampScore = (score: number) => Math.round(Math.min(1, Math.max(0, score)) * 100) / 100;
