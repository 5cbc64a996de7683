import type { RecognitionSeries } from '@voxa/contracts';
import { dicomSeconds, hasContrast, joined, seriesWords, type Guess } from './text';

/** Series that are not a phase at all: planning scans, dose sheets, bolus tracking. */
const NOT_A_PHASE =
  / (scout|topogram|surview|localizer|localiser|scanogram|dose (report|info)|exam summary|patient protocol|bolus (tracking|track)|smartprep|monitoring|premonitoring|test bolus|tracker) /;

const TEXT_RULES: readonly { code: string; pattern: RegExp }[] = [
  { code: 'AR', pattern: / (late art\w*|arterial\w*|arteriel\w*|arteri\w*|art|ar|angio\w*|cta|early|hap) / },
  { code: 'PV', pattern: / (portal\w*|pv|pvp|venous|ven|venoes|venos|portven\w*|[67]0 ?s(ec)?) / },
  {
    code: 'DL',
    pattern: / (delay\w*|dl|late|equilibrium|excretory|urogra\w*|nephrogra\w*|[2-9] ?min|1[0-9] ?min) /,
  },
  {
    code: 'NATIVE',
    pattern:
      / (native?|nativ|non ?contrast|noncontrast|non ?con|nc|unenhanced|plain|pre ?contrast|precontrast|wo|without contrast|ohne km) /,
  },
];

/** The phase the words name; several named lowers the score, and the first in the text wins. */
function fromText(words: readonly string[]): Guess | null {
  const text = joined(words);
  if (/ late art/.test(text)) return { code: 'AR', score: 0.9 };
  const hits = TEXT_RULES.map((r) => ({ code: r.code, at: text.search(r.pattern) }))
    .filter((h) => h.at >= 0)
    .sort((a, b) => a.at - b.at);
  const first = hits[0];
  if (!first) return null;
  return { code: first.code, score: hits.length === 1 ? 0.9 : 0.6 };
}

/** The phase the delay after the contrast start says (typical windows: AR 15-45 s, PV 60-90 s). */
function fromTiming(s: RecognitionSeries): Guess | null {
  const start = dicomSeconds(s.contrastStartTime);
  const acquired = dicomSeconds(s.acquisitionTime);
  if (start === null || acquired === null) return null;
  const delay = acquired - start;
  if (delay < -43_200 || delay > 43_200) return null; // not the same day's clock
  if (delay < 5) return { code: 'NATIVE', score: 0.75 };
  if (delay < 50) return { code: 'AR', score: 0.75 };
  if (delay < 150) return { code: 'PV', score: 0.75 };
  return { code: 'DL', score: 0.7 };
}

/** Text and timing together: agreement raises the score, a disagreement keeps the text with less trust. */
function fromHeader(s: RecognitionSeries, words: readonly string[]): Guess | null {
  const text = fromText(words);
  const timing = fromTiming(s);
  if (text && timing)
    return text.code === timing.code ? { code: text.code, score: 0.95 } : { ...text, score: 0.7 };
  return text ?? timing;
}

const MOMENT_TOLERANCE_S = 5;
const BY_RANK = ['AR', 'PV', 'DL'] as const;

/**
 * CT contrast phases of one study's series. Each series is read on its own first (description,
 * protocol, contrast timing); series still unknown are placed by acquisition time: before any contrast
 * series and without contrast: NATIVE; contrast moments in order: AR, PV, then DL, or PV when there is only
 * one (the usual single-phase scan). Series acquired at the same moment (reformats) share their phase.
 */
export function recogniseCtStudy(series: readonly RecognitionSeries[]): Map<string, Guess> {
  const result = new Map<string, Guess>();
  const unknown: { s: RecognitionSeries; time: number | null; contrast: boolean }[] = [];
  const known: { time: number; code: string }[] = [];
  for (const s of series) {
    const words = seriesWords(s);
    if (s.imageType.some((t) => t.toUpperCase() === 'LOCALIZER') || NOT_A_PHASE.test(joined(words))) {
      result.set(s.id, { code: 'NONE', score: 0.9 });
      continue;
    }
    const time = dicomSeconds(s.acquisitionTime);
    const guess = fromHeader(s, words);
    if (guess) {
      result.set(s.id, guess);
      if (time !== null) known.push({ time, code: guess.code });
    } else unknown.push({ s, time, contrast: hasContrast(s) });
  }
  if (unknown.length === 0) return result;

  const contrastTimes = [...unknown.filter((u) => u.contrast), ...known.filter((k) => k.code !== 'NATIVE')]
    .map((u) => u.time)
    .filter((t): t is number => t !== null);
  const firstContrast = contrastTimes.length ? Math.min(...contrastTimes) : null;
  const moments = distinctMoments(
    unknown.filter(
      (u) => u.time !== null && (u.contrast || (firstContrast !== null && u.time >= firstContrast)),
    ),
  );
  for (const u of unknown) {
    const sameMoment = u.time !== null && known.find((k) => Math.abs(k.time - u.time!) <= MOMENT_TOLERANCE_S);
    if (sameMoment) result.set(u.s.id, { code: sameMoment.code, score: 0.7 });
    else if (!u.contrast && (firstContrast === null || u.time === null || u.time < firstContrast))
      result.set(u.s.id, { code: 'NATIVE', score: firstContrast === null ? 0.3 : 0.55 });
    else result.set(u.s.id, byOrder(u.time, moments));
  }
  return result;
}

function distinctMoments(items: readonly { time: number | null }[]): number[] {
  const times = items.map((i) => i.time as number).sort((a, b) => a - b);
  const moments: number[] = [];
  for (const t of times)
    if (!moments.length || t - moments[moments.length - 1]! > MOMENT_TOLERANCE_S) moments.push(t);
  return moments;
}

function byOrder(time: number | null, moments: readonly number[]): Guess {
  if (time === null || moments.length <= 1) return { code: 'PV', score: 0.45 };
  const rank = moments.findIndex((m, i) => time >= m && (i === moments.length - 1 || time < moments[i + 1]!));
  return { code: BY_RANK[Math.min(Math.max(rank, 0), BY_RANK.length - 1)]!, score: 0.5 };
}
