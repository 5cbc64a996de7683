import type { RecognisedSeries, RecognitionSeries } from '@voxa/contracts';
import { recogniseCtStudy } from './ct-phase';
import { recogniseMrSeries } from './mr-weighting';
import { clampScore, joined, seriesWords, type Guess } from './text';

export const NONE = 'NONE';

/** Acquisition codes offered per modality (GET /acquisition); NONE is always allowed. */
export type AllowedCodes = (modality: string) => readonly string[];

/** PET: attenuation-corrected unless the name says otherwise (the images people read are AC). */
function recognisePtSeries(s: RecognitionSeries): Guess {
  const text = joined(seriesWords(s));
  if (/ (nac|noac|non ?ac|uncorrected|not corrected|no attn|no ac) /.test(text))
    return { code: 'NAC', score: 0.9 };
  if (/ (ac|ctac|attn|corrected|att corr|acc) /.test(text)) return { code: 'AC', score: 0.85 };
  return { code: 'AC', score: 0.5 };
}

/**
 * The built-in, deterministic acquisition recogniser (docs/decisions/0011-acquisition-recognition.md).
 * Reads the key header attributes of upload-and-organize.md section 3 and answers one code per series
 * with a score in 0..1. A code the series' modality does not offer becomes NONE with score 0, as the spec
 * asks of every recognised acquisition; a modality with only NONE gets NONE with score 1.
 */
export function recogniseStudy(
  series: readonly RecognitionSeries[],
  allowed: AllowedCodes,
  studyModality = '',
): RecognisedSeries[] {
  const modalityOf = (s: RecognitionSeries) => (s.modality || studyModality).toUpperCase();
  const ct = recogniseCtStudy(series.filter((s) => modalityOf(s) === 'CT'));
  return series.map((s) => {
    const modality = modalityOf(s);
    const codes = allowed(modality);
    const guess = codes.every((c) => c === NONE)
      ? { code: NONE, score: 1 }
      : modality === 'CT'
        ? ct.get(s.id)
        : modality === 'MR'
          ? recogniseMrSeries(s)
          : modality === 'PT'
            ? recognisePtSeries(s)
            : undefined;
    return { id: s.id, ...acceptable(guess, codes) };
  });
}

/** The spec's acceptance rule: only an offered code counts, anything else is NONE with score 0. */
export function acceptable(guess: Guess | undefined, codes: readonly string[]) {
  if (!guess || !codes.includes(guess.code)) return { acquisitionCode: NONE, score: 0 };
  return { acquisitionCode: guess.code, score: clampScore(guess.score) };
}
