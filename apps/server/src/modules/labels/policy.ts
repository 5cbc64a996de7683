import { DEFAULT_LABEL_COLOR, LABEL_NAME_REQUIRED } from '@voxa/contracts';
import { unprocessable } from '../../http/errors';

export interface LabelFields {
  name?: string;
  color?: string;
}

/**
 * The label to create from `POST /label`: body fields win over query fields (the spec's `POST /label?name`
 * form), the colour defaults to #0043de, and a name is required (422 on `name`).
 */
export function newLabelFields(
  body: LabelFields | null | undefined,
  query: LabelFields,
): { name: string; color: string } {
  const name = body?.name ?? query.name;
  if (name === undefined) throw unprocessable(LABEL_NAME_REQUIRED, { name: [LABEL_NAME_REQUIRED] });
  return { name, color: (body?.color ?? query.color ?? DEFAULT_LABEL_COLOR).toLowerCase() };
}

/** Names compare without case (one label per name in a team, "Tumor" = "tumor"). */
export const sameLabelName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
