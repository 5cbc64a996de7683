import type { Deps } from '../../deps';
import { HttpError } from '../../http/errors';
import { storedFiles, type StoredFile, type WadoTarget } from '../dicomweb/wado';
import { textOf, type Identifier } from './find';

export type RetrieveRequest = { ok: true; targets: WadoTarget[] } | { ok: false; message: string };

const uids = (value: unknown) =>
  textOf(value)
    .split('\\')
    .map((uid) => uid.trim())
    .filter(Boolean);

/**
 * What a C-MOVE or C-GET identifier names (PS3.4 C.4.2.1.4): studies, series of one study, or instances
 * of one series, by their unique keys; a key list names several.
 */
export function retrieveRequest(identifier: Identifier): RetrieveRequest {
  const level = textOf(identifier.QueryRetrieveLevel).toUpperCase();
  const [studies, series, instances] = [
    uids(identifier.StudyInstanceUID),
    uids(identifier.SeriesInstanceUID),
    uids(identifier.SOPInstanceUID),
  ];
  const [study] = studies;
  if (level === 'STUDY' && studies.length > 0)
    return { ok: true, targets: studies.map((s) => ({ study: s })) };
  if (level === 'SERIES' && study && studies.length === 1 && series.length > 0)
    return { ok: true, targets: series.map((s) => ({ study, series: s })) };
  const [one] = series;
  if (
    level === 'IMAGE' &&
    study &&
    studies.length === 1 &&
    one &&
    series.length === 1 &&
    instances.length > 0
  )
    return { ok: true, targets: instances.map((i) => ({ study, series: one, instance: i })) };
  return { ok: false, message: `No ${level || 'level'} unique keys to retrieve by` };
}

/** The team's stored files the targets name, in order; a target that names nothing adds none. */
export async function filesToRetrieve(
  deps: Deps,
  teamId: number,
  targets: WadoTarget[],
): Promise<StoredFile[]> {
  const out: StoredFile[] = [];
  for (const target of targets)
    out.push(
      ...(await storedFiles(deps, teamId, target).catch((error: unknown) => {
        if (error instanceof HttpError && error.status === 404) return [];
        throw error;
      })),
    );
  return out;
}
