import { z } from 'zod';
import { Color } from './common';
import { endpoint } from './endpoint';

/** A team's label (upload-and-organize.md section 3; teams-and-account.md 3). New labels default to #0043de. */
export const Label = z.object({ id: z.number().int(), name: z.string(), color: Color });
export type Label = z.infer<typeof Label>;

export const LABEL_NAME_MAX = 64;
export const LabelName = z.string().trim().min(1).max(LABEL_NAME_MAX);

export const labels = {
  list: endpoint({
    method: 'GET',
    path: '/label',
    scope: 'team',
    summary: 'Labels of the current team, by name',
    response: z.array(Label),
  }),
  create: endpoint({
    method: 'POST',
    path: '/label',
    scope: 'team',
    summary: 'Create a label (colour #0043de unless given); an existing name answers the existing label',
    body: z.strictObject({ name: LabelName, color: Color.optional() }),
    response: Label,
    status: 201,
  }),
};
