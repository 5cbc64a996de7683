import type { AiPromptTexts } from '@voxa/contracts';

/**
 * The acquisition prompt as the code sent it before prompts were stored (decision 0011): migration 0021
 * seeds it as version 1 of every modality's prompt, and a modality without a stored prompt uses it. Change
 * prompts on /ai-prompt, not here: an edit here changes no stored version.
 */
export const BUILT_IN_ACQUISITION_PROMPT: AiPromptTexts = {
  system:
    'You classify medical imaging series by acquisition from their DICOM header attributes. ' +
    'CT codes are contrast phases (NATIVE non-contrast, AR arterial, PV portal venous, DL delayed); ' +
    'MR codes are weightings (T1W, T1C = T1 with contrast, T2W, FLAIR, PD, DWI, ADC). ' +
    'Use NONE for localizers, reports and series that fit no code. Answer only with JSON: ' +
    '{"series":[{"id":"<series id>","acquisitionCode":"<code>","score":<confidence 0..1>}]}.\n' +
    'Codes allowed per modality:\n{{codes}}',
  user: '{{series}}',
};
