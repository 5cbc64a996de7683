import type { RecognisedSeries, RecognitionSeries } from '@voxa/contracts';
import { z } from 'zod';
import type { ChatClient, ChatMessage } from '../../platform/llm';
import { acceptable, type AllowedCodes } from './recognise';

const Answer = z.object({
  series: z.array(
    z.object({ id: z.string(), acquisitionCode: z.string(), score: z.number().finite().optional() }),
  ),
});

/** The attributes worth sending: those present, nothing identifying (no names, dates or UIDs are in them). */
function presentAttributes(s: RecognitionSeries): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(s).filter(([, v]) => v !== null && !(Array.isArray(v) && v.length === 0)),
  );
}

/** The chat that asks a model for one acquisition code per series among the offered ones. */
export function acquisitionPrompt(
  series: readonly RecognitionSeries[],
  allowed: AllowedCodes,
): ChatMessage[] {
  const modalities = [...new Set(series.map((s) => s.modality.toUpperCase()))];
  const options = modalities.map((m) => `${m}: ${allowed(m).join(', ')}`).join('\n');
  return [
    {
      role: 'system',
      content:
        'You classify medical imaging series by acquisition from their DICOM header attributes. ' +
        'CT codes are contrast phases (NATIVE non-contrast, AR arterial, PV portal venous, DL delayed); ' +
        'MR codes are weightings (T1W, T1C = T1 with contrast, T2W, FLAIR, PD, DWI, ADC). ' +
        'Use NONE for localizers, reports and series that fit no code. Answer only with JSON: ' +
        '{"series":[{"id":"<series id>","acquisitionCode":"<code>","score":<confidence 0..1>}]}.\n' +
        `Codes allowed per modality:\n${options}`,
    },
    { role: 'user', content: JSON.stringify({ series: series.map(presentAttributes) }) },
  ];
}

/**
 * Asks the model; its answer is held to the offered codes (else NONE, score 0). Series the model left out
 * are answered by `fallback`. Throws when the call fails or the answer is not the JSON asked for.
 */
export async function recogniseWithLlm(
  client: ChatClient,
  series: readonly RecognitionSeries[],
  allowed: AllowedCodes,
  fallback: () => RecognisedSeries[],
  signal: AbortSignal,
): Promise<RecognisedSeries[]> {
  const content = await client.complete(acquisitionPrompt(series, allowed), signal);
  const answer = Answer.parse(JSON.parse(content));
  const byId = new Map(answer.series.map((a) => [a.id, a]));
  const rules = new Map(fallback().map((r) => [r.id, r]));
  return series.map((s) => {
    const given = byId.get(s.id);
    if (!given) return rules.get(s.id) ?? { id: s.id, acquisitionCode: 'NONE', score: 0 };
    const code = given.acquisitionCode.trim().toUpperCase();
    return {
      id: s.id,
      ...acceptable({ code, score: given.score ?? 0.5 }, allowed(s.modality.toUpperCase())),
    };
  });
}
