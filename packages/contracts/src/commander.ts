import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * A commander path: `/{root}/{segments…}` where `{root}` names one of COMMANDER_ROOTS (its folder name);
 * `/` alone is the list of roots. The server checks every path (modules/commander/paths.ts).
 */
export const CommanderPath = z.string().min(1).max(4096);

/** The spec's File-commander item (section 3), with the virtual path and the modification date. */
export const CommanderItem = z.object({
  path: z.string(),
  basename: z.string(),
  /** The name without its last extension. */
  filename: z.string(),
  /** The last extension without its dot; '' when there is none. */
  extension: z.string(),
  isFile: z.boolean(),
  isDir: z.boolean(),
  size: z.number().int().min(0),
  sizePretty: z.string(),
  /** ISO 8601; the page shows it as DD.MM.YYYY HH:mm:ss. */
  modified: z.string(),
});
export type CommanderItem = z.infer<typeof CommanderItem>;

export const CommanderListing = z.object({ dir: z.string(), items: z.array(CommanderItem) });
export type CommanderListing = z.infer<typeof CommanderListing>;

/** Names the operation in `commander:progress` events and in cmd/cancel; chosen by the page. */
const OperationId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/)
  .optional();

const PathList = z.array(CommanderPath).min(1).max(1000);
const Done = z.object({ ok: z.literal(true), count: z.number().int().min(0) });

export const CommanderProgress = z.object({
  op: z.string(),
  action: z.enum(['cp', 'mv', 'zip', 'unzip', 'import']),
  bytes: z.number().int().min(0),
  total: z.number().int().min(0),
  done: z.boolean(),
});
export type CommanderProgress = z.infer<typeof CommanderProgress>;

export const CommanderImportResult = z.object({
  /** The upload session the files went into. */
  session: z.string().uuid(),
  files: z.number().int().min(0),
  /** The studies stored; their series convert in the background (upload:conversion:oneserie:done). */
  studies: z.array(z.object({ uuid: z.string().uuid(), series: z.number().int().min(0) })),
  /** Files that are neither DICOM nor NIfTI, or could not be read, with the reason. */
  skipped: z.number().int().min(0),
});
export type CommanderImportResult = z.infer<typeof CommanderImportResult>;

const call = <B extends z.ZodType, R extends z.ZodType>(
  path: string,
  summary: string,
  body: B,
  response: R,
) =>
  endpoint({
    method: 'POST',
    path,
    host: 'services',
    scope: 'team',
    // Server files are shared by every team: administrators only (decision 0060).
    permissions: ['admin'],
    summary,
    body,
    response,
  });

/** The file commander (spec 7.7): POST calls on the services host, administrators only. */
export const commander = {
  ls: call(
    '/cmd/ls',
    'The items of folder {dir} (the roots for /), folders first',
    z.strictObject({ dir: CommanderPath }),
    CommanderListing,
  ),
  mkdir: call(
    '/cmd/mkdir',
    'Make folder {dir}; its parent must exist',
    z.strictObject({ dir: CommanderPath }),
    Done,
  ),
  cp: call(
    '/cmd/cp',
    'Copy {paths} into folder {to}; progress as commander:progress when {op} is given',
    z.strictObject({ paths: PathList, to: CommanderPath, op: OperationId }),
    Done,
  ),
  mv: call(
    '/cmd/mv',
    'Move {paths} into folder {to} (a copy and delete across devices)',
    z.strictObject({ paths: PathList, to: CommanderPath, op: OperationId }),
    Done,
  ),
  rm: call(
    '/cmd/rm',
    'Delete {paths}, folders with what they hold',
    z.strictObject({ paths: PathList }),
    Done,
  ),
  zip: call(
    '/cmd/zip',
    'Write the zip archive {file} of the file or folder {path}',
    z.strictObject({ path: CommanderPath, file: CommanderPath, op: OperationId }),
    Done,
  ),
  unzip: call(
    '/cmd/unzip',
    'Inflate the zip archive {file} into the new folder {path}, with the upload archive rules',
    z.strictObject({ path: CommanderPath, file: CommanderPath, op: OperationId }),
    Done,
  ),
  import: call(
    '/cmd/import',
    "Send the DICOM and NIfTI files of folder {dir} into the team's upload flow on the server (the archive " +
      'path, location server): stored as studies and converted, never through a browser',
    z.strictObject({ dir: CommanderPath, anonymize: z.boolean().default(true), op: OperationId }),
    CommanderImportResult,
  ),
  cancel: call(
    '/cmd/cancel',
    'Stop the running operation {op} of this server process',
    z.strictObject({ op: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
    z.object({ cancelled: z.boolean() }),
  ),
};
