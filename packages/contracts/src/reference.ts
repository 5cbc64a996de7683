import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * Reference data of the upload (upload-and-organize.md sections 3 and 7): global, the same for every team,
 * but for the pipelines: the team's own (pipelines.ts).
 */
export const ModalityOption = z.object({ code: z.string(), name: z.string() });
export type ModalityOption = z.infer<typeof ModalityOption>;

/** An acquisition code; `modality` null means it applies to every modality (such as NONE). */
export const Acquisition = z.object({ code: z.string(), name: z.string(), modality: z.string().nullable() });
export type Acquisition = z.infer<typeof Acquisition>;

export const Pipeline = z.object({
  code: z.string(),
  name: z.string(),
  modality_code: z.string(),
  /** Acquisitions a study needs before this pipeline can run. */
  acquisitions: z.array(z.object({ code: z.string() })),
});
export type Pipeline = z.infer<typeof Pipeline>;

/** Body part (V1): slug and title. */
export const Category = z.object({ slug: z.string(), title: z.string() });
export type Category = z.infer<typeof Category>;

export const reference = {
  modalities: endpoint({
    method: 'GET',
    path: '/modality',
    scope: 'team',
    summary: 'Modalities a series can have',
    response: z.array(ModalityOption),
  }),
  acquisitions: endpoint({
    method: 'GET',
    path: '/acquisition',
    scope: 'team',
    summary: 'Acquisition codes, each for one modality or for all',
    response: z.array(Acquisition),
  }),
  pipelines: endpoint({
    method: 'GET',
    path: '/pipelines',
    scope: 'team',
    summary: 'The team’s pipelines, as the upload offers them, with the acquisitions each requires',
    response: z.object({ data: z.array(Pipeline) }),
  }),
  categories: endpoint({
    method: 'GET',
    path: '/structures/categories',
    scope: 'team',
    summary: 'Body parts (structure categories)',
    response: z.array(Category),
  }),
};
