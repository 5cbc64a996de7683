import type { AiPromptTexts, RecognitionSeries } from '@voxa/contracts';
import type { ChatMessage } from '../../platform/llm';
import type { AllowedCodes } from './recognise';

/** The attributes worth sending: those present, nothing identifying (no names, dates or UIDs are in them). */
function presentAttributes(s: RecognitionSeries): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(s).filter(([, v]) => v !== null && !(Array.isArray(v) && v.length === 0)),
  );
}

/** One line per modality of the series: `CT: NONE, NATIVE, AR, PV, DL`. */
function offeredCodes(series: readonly RecognitionSeries[], allowed: AllowedCodes): string {
  const modalities = [...new Set(series.map((s) => s.modality.toUpperCase()))];
  return modalities.map((m) => `${m}: ${allowed(m).join(', ')}`).join('\n');
}

/**
 * A stored prompt's two messages with their placeholders filled (decision 0057): `{{series}}` the series'
 * key attributes present as JSON, `{{codes}}` the offered codes per modality, `{{modality}}` the study's.
 * Templates were checked at save (`aiPromptTemplateErrors`), so every placeholder here is a known one.
 */
export function renderPrompt(
  texts: AiPromptTexts,
  study: { modality: string; series: readonly RecognitionSeries[] },
  allowed: AllowedCodes,
): ChatMessage[] {
  const values: Record<string, string> = {
    series: JSON.stringify({ series: study.series.map(presentAttributes) }),
    codes: offeredCodes(study.series, allowed),
    modality: study.modality.toUpperCase(),
  };
  // One pass, so a value that itself holds "{{codes}}" (a series description, say) is never expanded.
  const fill = (text: string) =>
    text.replace(/\{\{\s*([a-z]+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
  return [
    { role: 'system', content: fill(texts.system) },
    { role: 'user', content: fill(texts.user) },
  ];
}
