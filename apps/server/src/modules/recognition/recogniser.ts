import type { RecognisedSeries, RecognitionSeries } from '@voxa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db';
import type { ChatClient } from '../../platform/llm';
import { activePromptTexts } from '../ai-prompts/service';
import { recogniseWithLlm } from './llm-recogniser';
import { recogniseStudy, type AllowedCodes } from './recognise';
import { renderPrompt } from './render-prompt';

export interface Recognition {
  data: RecognisedSeries[];
  source: 'llm' | 'rules';
}

/**
 * Recognises one study's series: with the configured model, sent the study modality's active prompt, when
 * there is one; with the built-in rules otherwise or whenever the model fails (error, timeout, unusable
 * answer).
 */
export async function recogniseAcquisitions(
  deps: { db: Db; llm: ChatClient | null; log: FastifyBaseLogger },
  study: { modality: string; series: readonly RecognitionSeries[] },
  allowed: AllowedCodes,
  signal: AbortSignal,
): Promise<Recognition> {
  const rules = () => recogniseStudy(study.series, allowed, study.modality);
  if (deps.llm) {
    try {
      const texts = await activePromptTexts(deps.db, study.modality, 'acquisition');
      const messages = renderPrompt(texts, study, allowed);
      return {
        data: await recogniseWithLlm(deps.llm, messages, study.series, allowed, rules, signal),
        source: 'llm',
      };
    } catch (error) {
      if (signal.aborted) throw error;
      deps.log.warn({ err: error }, 'acquisition recognition: model failed, the rules answer');
    }
  }
  return { data: rules(), source: 'rules' };
}
