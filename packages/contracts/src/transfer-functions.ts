import { z } from 'zod';
import { Id, Timestamp } from './common';
import { endpoint } from './endpoint';
import type { Permission } from './permissions';

/**
 * Transfer functions (teams-and-account.md 2.1 `/transfer-functions`, permission r:transfer-functions;
 * docs/decisions/0038-transfer-functions.md): a team's window presets and colour maps, beside read-only
 * built-in ones, for the annotator to offer.
 */
export const TRANSFER_FUNCTION_KINDS = ['window', 'colormap'] as const;
export const TransferFunctionKind = z.enum(TRANSFER_FUNCTION_KINDS);
export type TransferFunctionKind = z.infer<typeof TransferFunctionKind>;

export const TRANSFER_FUNCTION_NAME_MAX = 128;
export const COLORMAP_POINTS_MIN = 2;
export const COLORMAP_POINTS_MAX = 256;
export const TRANSFER_FUNCTION_NAME_TAKEN = 'A transfer function with this name already exists.';
export const TRANSFER_FUNCTION_BUILT_IN = 'Built-in transfer functions are read-only.';

/** A DICOM modality code (CT, MR, PT…); stored upper-case. */
export const TransferFunctionModality = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,16}$/, 'Use a modality code such as CT or MR.');

/** A window/level preset in the volume's stored units (Hounsfield for CT). */
export const WindowSettings = z.strictObject({
  width: z.number().finite().positive().max(1e9),
  center: z.number().finite().min(-1e9).max(1e9),
});
export type WindowSettings = z.infer<typeof WindowSettings>;

const Channel = z.number().int().min(0).max(255);

/**
 * A colour map in NiiVue's format, so the annotator hands it to `nv.addColormap(name, colormap)` as it is:
 * control points at intensities I (0..255 across the displayed range, strictly ascending), with their
 * red, green, blue and alpha; NiiVue interpolates linearly between them.
 */
export const Colormap = z
  .strictObject({
    R: z.array(Channel),
    G: z.array(Channel),
    B: z.array(Channel),
    A: z.array(Channel),
    I: z.array(Channel),
  })
  .superRefine((c, ctx) => {
    const n = c.I.length;
    if (n < COLORMAP_POINTS_MIN || n > COLORMAP_POINTS_MAX)
      ctx.addIssue({
        code: 'custom',
        path: ['I'],
        message: `A colour map has ${COLORMAP_POINTS_MIN} to ${COLORMAP_POINTS_MAX} points.`,
      });
    for (const key of ['R', 'G', 'B', 'A'] as const)
      if (c[key].length !== n)
        ctx.addIssue({ code: 'custom', path: [key], message: 'R, G, B, A and I have one value per point.' });
    if (c.I.some((value, i) => i > 0 && value <= (c.I[i - 1] ?? 0)))
      ctx.addIssue({ code: 'custom', path: ['I'], message: 'Intensities must be ascending.' });
  });
export type Colormap = z.infer<typeof Colormap>;

const Name = z.string().trim().min(1).max(TRANSFER_FUNCTION_NAME_MAX);
const Common = { name: Name, modality: TransferFunctionModality.nullable().optional() };

/** What the form sends, to create or to replace one (PUT sends the whole of it again). */
export const TransferFunctionInput = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('window'), ...Common, window: WindowSettings }),
  z.strictObject({ kind: z.literal('colormap'), ...Common, colormap: Colormap }),
]);
export type TransferFunctionInput = z.infer<typeof TransferFunctionInput>;

const Shared = {
  id: Id,
  name: z.string(),
  /** Applies to this modality only; null: to any. */
  modality: z.string().nullable(),
  /** Shipped with Voxa, the same for every team and read-only; otherwise the team's own. */
  built_in: z.boolean(),
  created_by: z.object({ id: Id, name: z.string() }).nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
};
export const TransferFunction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('window'), ...Shared, window: WindowSettings }),
  z.object({ kind: z.literal('colormap'), ...Shared, colormap: Colormap }),
]);
export type TransferFunction = z.infer<typeof TransferFunction>;

export const TransferFunctionFilter = z.strictObject({
  kind: TransferFunctionKind.optional(),
  /** Those for this modality and those for any. */
  modality: TransferFunctionModality.optional(),
});
export type TransferFunctionFilter = z.infer<typeof TransferFunctionFilter>;

/** Whoever reads cases reads the presets (the annotator offers them); the page changes the team's own. */
const READ_TRANSFER_FUNCTIONS: readonly Permission[] = [
  'r:transfer-functions',
  'r:studies',
  'r:studies:detail',
  'r:segmentations',
  'r:reviews',
];
const TransferFunctionParams = z.strictObject({ transferFunctionId: Id });

export const transferFunctions = {
  list: endpoint({
    method: 'GET',
    path: '/transfer-functions',
    scope: 'team',
    anyPermission: READ_TRANSFER_FUNCTIONS,
    summary:
      'Built-in transfer functions and the team’s own (built-in first, then by name); filter by kind and by ' +
      'modality (those for it and those for any)',
    query: TransferFunctionFilter,
    response: z.array(TransferFunction),
  }),
  create: endpoint({
    method: 'POST',
    path: '/transfer-functions',
    scope: 'team',
    permissions: ['r:transfer-functions'],
    summary: 'Add a window preset or a colour map of the team’s own; a name already shown answers 409',
    body: TransferFunctionInput,
    response: TransferFunction,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/transfer-functions/:transferFunctionId',
    scope: 'team',
    permissions: ['r:transfer-functions'],
    summary: 'Replace one of the team’s transfer functions; a built-in one answers 403',
    params: TransferFunctionParams,
    body: TransferFunctionInput,
    response: TransferFunction,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/transfer-functions/:transferFunctionId',
    scope: 'team',
    permissions: ['r:transfer-functions'],
    summary: 'Delete one of the team’s transfer functions; a built-in one answers 403',
    params: TransferFunctionParams,
    response: null,
    status: 204,
  }),
};
