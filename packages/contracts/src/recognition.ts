import { z } from 'zod';
import { Id } from './common';
import { endpoint } from './endpoint';

/** Key header attributes of one series for acquisition recognition (upload-and-organize.md section 3). */
export const RecognitionSeries = z.strictObject({
  /** The client's series id (SeriesInstanceUID or NIfTI path), echoed in the answer. */
  id: z.string().min(1).max(512),
  modality: z.string().max(16),
  imageType: z.array(z.string().max(64)).max(16).default([]),
  imageComments: z.string().max(1024).nullable().default(null),
  protocolName: z.string().max(256).nullable().default(null),
  seriesDescription: z.string().max(256).nullable().default(null),
  contrastAgent: z.string().max(256).nullable().default(null),
  contrastStartTime: z.string().max(32).nullable().default(null),
  contrastRoute: z.string().max(64).nullable().default(null),
  acquisitionTime: z.string().max(32).nullable().default(null),
  sliceLocation: z.number().finite().nullable().default(null),
  reconstructionTargetCenter: z.array(z.number().finite()).max(3).nullable().default(null),
  bodyPart: z.string().max(64).nullable().default(null),
  scanningSequence: z.string().max(64).nullable().default(null),
  sequenceVariant: z.string().max(64).nullable().default(null),
  repetitionTime: z.number().finite().nullable().default(null),
  echoTime: z.number().finite().nullable().default(null),
  inversionTime: z.number().finite().nullable().default(null),
  diffusionBValue: z.number().finite().nullable().default(null),
  diffusionGradientOrientation: z.array(z.number().finite()).max(3).nullable().default(null),
  cineRate: z.number().finite().nullable().default(null),
  primaryAngle: z.number().finite().nullable().default(null),
  secondaryAngle: z.number().finite().nullable().default(null),
});
export type RecognitionSeries = z.infer<typeof RecognitionSeries>;

export const RecognitionStudy = z.strictObject({
  /** The client's study id, echoed in the answer. */
  id: z.string().min(1).max(512),
  modality: z.string().max(16),
  series: z.array(RecognitionSeries).min(1).max(500),
});
export type RecognitionStudy = z.infer<typeof RecognitionStudy>;

/** One series' recognised acquisition; the client still checks it against the modality's options. */
export const RecognisedSeries = z.object({ id: z.string(), acquisitionCode: z.string(), score: z.number() });
export type RecognisedSeries = z.infer<typeof RecognisedSeries>;

/** Payload of the socket event `upload:study:aiprompt:response`. */
export const RecognitionResponse = z.object({
  studyId: z.string(),
  llmRemoteId: z.string(),
  type: z.enum(['success', 'error']),
  data: z.array(RecognisedSeries),
  /** Why it failed, with type error. */
  message: z.string().optional(),
});
export type RecognitionResponse = z.infer<typeof RecognitionResponse>;

/** What a recognition of one study is about; only acquisitions so far. */
export const RECOGNITION_TYPES = ['acquisition'] as const;
export const RecognitionType = z.enum(RECOGNITION_TYPES);

/** How long the client waits for `upload:study:aiprompt:response` (upload-and-organize.md section 4). */
export const RECOGNITION_DEADLINE_MS = 30_000;

export const recognition = {
  prompts: endpoint({
    method: 'POST',
    path: '/llm/prompts',
    scope: 'team',
    permissions: ['r:upload'],
    summary:
      'Start acquisition recognition of studies; each answer arrives on the socket `wsid` as upload:study:aiprompt:response',
    query: z.strictObject({ wsid: z.string().min(1).max(64) }),
    body: z.strictObject({ studies: z.array(RecognitionStudy).min(1).max(50) }),
    /** One remote id per study, in the order sent. */
    response: z.object({ prompts: z.array(z.object({ studyId: z.string(), llmRemoteId: z.string() })) }),
    status: 202,
  }),
  prompt: endpoint({
    method: 'POST',
    path: '/llm/prompt/:modality/:type/:teamId',
    host: 'services',
    scope: 'team',
    permissions: ['r:upload'],
    summary:
      'Recognise the acquisitions of one study’s series of a modality now (no socket); teamId must be the request’s team',
    params: z.strictObject({ modality: z.string().min(1).max(16), type: RecognitionType, teamId: Id }),
    body: z.strictObject({ series: z.array(RecognitionSeries).min(1).max(500) }),
    response: z.object({ data: z.array(RecognisedSeries), source: z.enum(['llm', 'rules']) }),
  }),
  cancelPrompt: endpoint({
    method: 'POST',
    path: '/llm/cancel-prompt/:llmRemoteId',
    host: 'services',
    scope: 'team',
    permissions: ['r:upload'],
    summary:
      'Cancel one of the caller’s pending recognitions: nothing is sent for it afterwards. Answers its status ' +
      '(cancelled, or done/error when it had already finished); another user’s prompt answers 404',
    params: z.strictObject({ llmRemoteId: z.uuid() }),
    response: z.object({ llmRemoteId: z.string(), status: z.enum(['cancelled', 'done', 'error']) }),
  }),
};
