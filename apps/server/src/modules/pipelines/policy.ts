import type { PipelineInput } from '@voxa/contracts';

/** What a pipeline of one modality may name: that modality's acquisitions and the AI models for it. */
export interface PipelineOptions {
  /** Whether the modality exists at all. */
  modalityKnown: boolean;
  /** Acquisition codes of the modality itself (NONE, for every modality, is no requirement). */
  acquisitions: readonly string[];
  /** Codes of the AI models of the modality that the team sees. */
  models: readonly string[];
}

/** The problems of a pipeline's fields, keyed as the form's fields; empty when it may be saved. */
export function pipelineProblems(input: PipelineInput, options: PipelineOptions): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (key: string, message: string) => (problems[key] ??= []).push(message);
  if (!options.modalityKnown) {
    add('modality_code', `Unknown modality ${input.modality_code}.`);
    return problems;
  }
  input.acquisitions.forEach((acquisition, i) => {
    if (!options.acquisitions.includes(acquisition.code))
      add(`acquisitions.${i}.code`, `${acquisition.code} is not an acquisition of ${input.modality_code}.`);
    for (const model of acquisition.models)
      if (!options.models.includes(model))
        add(`acquisitions.${i}.models`, `No AI model ${model} for ${input.modality_code} is available.`);
  });
  return problems;
}
