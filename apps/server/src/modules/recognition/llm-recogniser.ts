import type { RecognisedSeries, RecognitionSeries } from '@voxa/contracts';
import { z } from 'zod';
import type { ChatClient, ChatMessage } from '../../platform/llm';
import { acceptable, type AllowedCodes } from './recognise';

const Answer = z.object({
  series: z.array(
    z.object({ id: z.string(), acquisitionCode: z.string(), score: z.number().finite().optional() }),
  ),
});

/**
 * Reads the model's answer, held to the offered codes (else NONE, score 0). Series the model left out are
 * answered by `fallback`. Throws when the answer is not the JSON asked for.
 */
export function readAnswer(
  content: string,
  series: readonly RecognitionSeries[],
  allowed: AllowedCodes,
  fallback: () => RecognisedSeries[],
): RecognisedSeries[] {
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

/** Sends the rendered prompt and reads the answer; throws when the call fails or the answer is unusable. */
export async function recogniseWithLlm(
  client: ChatClient,
  messages: ChatMessage[],
  series: readonly RecognitionSeries[],
  allowed: AllowedCodes,
  fallback: () => RecognisedSeries[],
  signal: AbortSignal,
): Promise<RecognisedSeries[]> {
  return readAnswer(await client.complete(messages, signal), series, allowed, fallback);
}
