import { z } from 'zod';
import { Id, Timestamp } from './common';
import { endpoint } from './endpoint';
import { RecognisedSeries, RecognitionSeries, RecognitionType } from './recognition';

/**
 * The placeholders a prompt's texts may hold (decision 0057): `{{series}}` the key header attributes of the
 * series to recognise (JSON), `{{codes}}` the codes offered per modality, `{{modality}}` the study's modality.
 */
export const AI_PROMPT_PLACEHOLDERS = ['series', 'codes', 'modality'] as const;
export type AiPromptPlaceholder = (typeof AI_PROMPT_PLACEHOLDERS)[number];
export const AI_PROMPT_TEXT_MAX = 20_000;

/** What is wrong with a prompt's texts, per field (empty when nothing): refused at save with 422. */
export function aiPromptTemplateErrors(texts: { system: string; user: string }): {
  system?: string[];
  user?: string[];
} {
  const errors: { system?: string[]; user?: string[] } = {};
  const add = (field: 'system' | 'user', message: string) => (errors[field] ??= []).push(message);
  for (const field of ['system', 'user'] as const) {
    for (const match of texts[field].matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)) {
      const name = match[1] ?? '';
      if (!(AI_PROMPT_PLACEHOLDERS as readonly string[]).includes(name))
        add(
          field,
          `Unknown placeholder {{${name}}}: use ${AI_PROMPT_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}.`,
        );
    }
  }
  const both = `${texts.system}\n${texts.user}`;
  if (!/\{\{\s*series\s*\}\}/.test(both))
    add('user', 'The prompt must hold {{series}}: without it the model sees no series.');
  // OpenAI-compatible servers refuse a JSON-mode request whose messages never say "JSON".
  if (!/json/i.test(both)) add('system', 'The prompt must ask for an answer in JSON.');
  return errors;
}

const PromptText = z.string().trim().min(1).max(AI_PROMPT_TEXT_MAX);
/** The two messages of a prompt, as templates. */
export const AiPromptTexts = z.strictObject({ system: PromptText, user: PromptText });
export type AiPromptTexts = z.infer<typeof AiPromptTexts>;

/** A modality code as the reference table spells it (CT, MR, PT, XA...). */
export const PromptModality = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,16}$/, 'A modality code such as CT or MR.');

export const AiPromptVersion = z.object({
  version: z.number().int(),
  system: z.string(),
  user: z.string(),
  /** Who saved it; null for the seeded built-in text or a deleted user. */
  createdBy: z.string().nullable(),
  createdAt: Timestamp,
});
export type AiPromptVersion = z.infer<typeof AiPromptVersion>;

export const AiPromptSummary = z.object({
  id: z.number().int(),
  modality: z.string(),
  type: RecognitionType,
  activeVersion: z.number().int(),
  latestVersion: z.number().int(),
  updatedAt: Timestamp,
});
export type AiPromptSummary = z.infer<typeof AiPromptSummary>;

/** A prompt with every version, newest first. */
export const AiPromptDetail = AiPromptSummary.extend({ versions: z.array(AiPromptVersion) });
export type AiPromptDetail = z.infer<typeof AiPromptDetail>;

/** A stored series of the team the test box can run a prompt on. */
export const AiPromptSeriesOption = z.object({
  uuid: z.string(),
  studyUuid: z.string(),
  patientName: z.string().nullable(),
  studyDate: z.string().nullable(),
  modality: z.string().nullable(),
  seriesNumber: z.number().nullable(),
  seriesDescription: z.string().nullable(),
});
export type AiPromptSeriesOption = z.infer<typeof AiPromptSeriesOption>;
export const AI_PROMPT_SERIES_LIMIT = 20;

export const ChatMessageSchema = z.object({ role: z.enum(['system', 'user']), content: z.string() });

/** What the test box shows: the messages sent, the model's raw answer and what was read from it. */
export const AiPromptTestResult = z.object({
  version: z.number().int(),
  /** The key header attributes read from the series' first stored DICOM file (or its row). */
  series: RecognitionSeries,
  messages: z.array(ChatMessageSchema),
  /** False without LLM_URL: then the rules answer and nothing is sent. */
  modelConfigured: z.boolean(),
  /** The model's answer as it came, or null when none came. */
  raw: z.string().nullable(),
  /** Why the model's answer was not used (failure, timeout, not the JSON asked for). */
  error: z.string().nullable(),
  source: z.enum(['llm', 'rules']),
  result: z.array(RecognisedSeries),
});
export type AiPromptTestResult = z.infer<typeof AiPromptTestResult>;

const PromptParams = z.strictObject({ promptId: Id });

/** The prompts acquisition recognition sends to the language model: platform-wide, administrators only. */
export const aiPrompts = {
  list: endpoint({
    method: 'GET',
    path: '/ai-prompts',
    scope: 'admin',
    summary: 'The language-model prompts by modality and type, with their active version',
    response: z.array(AiPromptSummary),
  }),
  create: endpoint({
    method: 'POST',
    path: '/ai-prompts',
    scope: 'admin',
    summary:
      'Add the prompt of a modality and type (its version 1, active); one that exists answers 409, a bad template 422',
    body: AiPromptTexts.extend({ modality: PromptModality, type: RecognitionType }),
    response: AiPromptDetail,
    status: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: '/ai-prompts/:promptId',
    scope: 'admin',
    summary: 'One prompt with every version, newest first',
    params: PromptParams,
    response: AiPromptDetail,
  }),
  edit: endpoint({
    method: 'POST',
    path: '/ai-prompts/:promptId/versions',
    scope: 'admin',
    summary: 'Save new texts as the next version, which becomes the active one; a bad template answers 422',
    params: PromptParams,
    body: AiPromptTexts,
    response: AiPromptDetail,
    status: 201,
  }),
  activate: endpoint({
    method: 'PUT',
    path: '/ai-prompts/:promptId/active',
    scope: 'admin',
    summary: 'Make one of the versions the active one (revert); an unknown version answers 404',
    params: PromptParams,
    body: z.strictObject({ version: z.number().int().positive() }),
    response: AiPromptDetail,
  }),
  series: endpoint({
    method: 'GET',
    path: '/ai-prompts/series',
    scope: 'team',
    permissions: ['admin'],
    summary: `Stored series of the team to test a prompt on, by patient name, series description or number; at most ${AI_PROMPT_SERIES_LIMIT}`,
    query: z.strictObject({ search: z.string().trim().max(100).default('') }),
    response: z.array(AiPromptSeriesOption),
  }),
  test: endpoint({
    method: 'POST',
    path: '/ai-prompts/:promptId/test',
    scope: 'team',
    permissions: ['admin'],
    summary:
      'Run a version of the prompt (the active one unless named) on a stored series of the team: the messages, ' +
      'the model’s raw answer and the result, or the rules’ answer without a model; within LLM_TIMEOUT_MS',
    params: PromptParams,
    body: z.strictObject({ seriesUuid: z.uuid(), version: z.number().int().positive().optional() }),
    response: AiPromptTestResult,
  }),
};
