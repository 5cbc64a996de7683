import { z } from 'zod';
import { Color, Id } from './common';
import { endpoint } from './endpoint';
import type { Permission } from './permissions';

/** A team's label (upload-and-organize.md section 3; teams-and-account.md 3). New labels default to #0043de. */
export const Label = z.object({ id: z.number().int(), name: z.string(), color: Color });
export type Label = z.infer<typeof Label>;

export const LABEL_NAME_MAX = 64;
export const LabelName = z.string().trim().min(1).max(LABEL_NAME_MAX);
export const LABEL_NAME_TAKEN = 'A label with this name already exists.';
export const LABEL_NAME_REQUIRED = 'The name field is required.';

/**
 * Who may see and change labels (docs/decisions/0010-reference-data-and-labels.md): the upload page
 * (r:upload) and the studies pages (r:studies) read them; uploaders and those who organise studies
 * (r:studies:detail) change them. A Viewer reads only.
 */
const READ_LABELS: readonly Permission[] = ['r:upload', 'r:studies', 'r:studies:detail'];
const CHANGE_LABELS: readonly Permission[] = ['r:upload', 'r:studies:detail'];

const LabelIdQuery = z.strictObject({ id: Id });
const StudyParams = z.strictObject({ studyId: Id });

export const labels = {
  list: endpoint({
    method: 'GET',
    path: '/label',
    scope: 'team',
    anyPermission: READ_LABELS,
    summary: 'Labels of the current team, by name',
    response: z.array(Label),
  }),
  create: endpoint({
    method: 'POST',
    path: '/label',
    scope: 'team',
    anyPermission: CHANGE_LABELS,
    summary:
      'Create a label (colour #0043de unless given); an existing name (any case) answers the existing label. ' +
      'The name and colour may come in the body or in the query (POST /label?name=…)',
    query: z.strictObject({ name: LabelName.optional(), color: Color.optional() }),
    // No body at all is the query form; Fastify hands that over as null.
    body: z.strictObject({ name: LabelName.optional(), color: Color.optional() }).nullish(),
    response: Label,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/label',
    scope: 'team',
    anyPermission: CHANGE_LABELS,
    summary: 'Rename or recolour a label (PUT /label?id=…); a name another label has answers 409',
    query: LabelIdQuery,
    body: z
      .strictObject({ name: LabelName.optional(), color: Color.optional() })
      .refine((b) => b.name !== undefined || b.color !== undefined, 'Give a name or a color.'),
    response: Label,
  }),
  ofStudy: endpoint({
    method: 'GET',
    path: '/label/study/:studyId',
    scope: 'team',
    anyPermission: READ_LABELS,
    summary: 'Labels attached to a study, by name',
    params: StudyParams,
    response: z.array(Label),
  }),
  attach: endpoint({
    method: 'POST',
    path: '/label/study/:studyId',
    scope: 'team',
    anyPermission: CHANGE_LABELS,
    summary: 'Attach a label to a study (POST /label/study/{studyId}?id=…); answers the study’s labels',
    params: StudyParams,
    query: LabelIdQuery,
    response: z.array(Label),
  }),
  detach: endpoint({
    method: 'DELETE',
    path: '/label/study/:studyId',
    scope: 'team',
    anyPermission: CHANGE_LABELS,
    summary: 'Detach a label from a study (DELETE /label/study/{studyId}?id=…); answers the study’s labels',
    params: StudyParams,
    query: LabelIdQuery,
    response: z.array(Label),
  }),
};
