import { decodeDicomFrame } from '@voxa/imaging';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import { relativeKey, UnsafePathError, type StorageKey } from '../../platform/storage';
import { inflatedKey, storedFileKey } from '../../platform/storage/layout';
import { seriesPaths } from '../archives/metadata';
import { readMetadata } from '../archives/metadata-store';
import { findOwnSession } from '../upload/service';

export interface PixelRequest {
  file: string;
  numberOfFrames: number;
  columns: number;
  rows: number;
  frame: number;
}

/**
 * Where a file of the session is: an uploaded file complete under that name, or a file of a series the
 * sort read from its archives. Nothing else is ever opened (no `../`, no other session's file).
 */
async function sessionFileKey(deps: Deps, ctx: TeamContext, uuid: string, file: string): Promise<StorageKey> {
  const session = await findOwnSession(deps.db, ctx, uuid);
  const uploaded = await deps.db
    .selectFrom('upload_files')
    .select('name')
    .where('session_id', '=', session.id)
    .where('name', '=', file)
    .where('completed_at', 'is not', null)
    .executeTakeFirst();
  try {
    if (uploaded) return storedFileKey(ctx.team.id, session.uuid, relativeKey(uploaded.name));
    const metadata =
      session.sort_status === 'sorted'
        ? await readMetadata(deps.storage, ctx.team.id, session.uuid, session.sort_attempt)
        : null;
    if (metadata && seriesPaths(metadata).has(file))
      return [...inflatedKey(ctx.team.id, session.uuid), ...relativeKey(file)];
  } catch (error) {
    if (!(error instanceof UnsafePathError)) throw error;
  }
  throw notFound('File not found.');
}

const refuse = (message: string) => unprocessable(message, { file: [message] });

/** The stored values of one frame of a session's DICOM file, checked against the size the page expects. */
export async function framePixels(deps: Deps, ctx: TeamContext, session: string, body: PixelRequest) {
  const key = await sessionFileKey(deps, ctx, session, body.file);
  const bytes = await deps.storage.readBytes(key);
  const decoded = decodeDicomFrame(bytes, body.frame);
  if (!decoded.ok) throw refuse(`The frame cannot be read: ${decoded.error}.`);
  const { frame, header } = decoded;
  if (
    frame.width !== body.columns ||
    frame.height !== body.rows ||
    header.numberOfFrames !== body.numberOfFrames
  )
    throw refuse(
      `The file holds ${header.numberOfFrames} frame(s) of ${frame.width}×${frame.height}, not the ones asked for.`,
    );
  const values = frame.kind === 'gray' ? frame.values : frame.rgb;
  return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
}
