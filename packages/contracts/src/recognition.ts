import { z } from 'zod';
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
};
