import { randomUUID } from 'node:crypto';
import type { SeriesStatus } from '@voxa/contracts';
import { studyUidHash } from '../src/modules/studies/study-uid-hash';
import type { TestTeam, TestUser } from './factories';
import type { TestApp } from './test-app';

let sequence = 0;

/** A study of `team` made directly in the database, known by `originalUid` for the duplicate check. */
export async function buildStudy(
  t: TestApp,
  team: Pick<TestTeam, 'id'>,
  opts: {
    user?: TestUser;
    originalUid?: string;
    storedUid?: string;
    uploadId?: number;
    patientName?: string;
    createdAt?: Date;
  } = {},
) {
  const originalUid = opts.originalUid ?? `1.2.826.0.1.3680043.8.498.${Date.now()}${sequence++}`;
  return t.db
    .insertInto('studies')
    .values({
      team_id: team.id,
      user_id: opts.user?.id ?? null,
      study_uid: opts.storedUid ?? originalUid,
      original_uid_hash: studyUidHash(t.app.deps.keys.studyUid, team.id, originalUid),
      upload_id: opts.uploadId ?? null,
      data: JSON.stringify({ patientName: opts.patientName ?? 'Anonymous', modality: 'CT' }),
      ...(opts.createdAt && { created_at: opts.createdAt }),
    })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
}

export interface SeriesOptions {
  acquisitionCode?: string | null;
  sort?: number;
  seriesNumber?: number;
  refSerie?: boolean;
  status?: SeriesStatus;
  data?: Record<string, unknown>;
  uploadId?: number;
}

/** A series of `study` made directly in the database (converted, status done, unless told). */
export async function buildSeries(
  t: TestApp,
  team: Pick<TestTeam, 'id'>,
  study: { id: number },
  opts: SeriesOptions = {},
) {
  return t.db
    .insertInto('series')
    .values({
      study_id: study.id,
      team_id: team.id,
      upload_id: opts.uploadId ?? null,
      series_uid: `2.25.${sequence++}${Date.now()}`,
      series_number: opts.seriesNumber ?? null,
      modality_code: 'CT',
      acquisition_code: opts.acquisitionCode === undefined ? 'AR' : opts.acquisitionCode,
      score: 0.5,
      ref_serie: opts.refSerie ?? false,
      sort: opts.sort ?? 0,
      status: opts.status ?? 'done',
      data: JSON.stringify(opts.data ?? {}),
    })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
}

/** An upload session (batch) of the team, made directly in the database. */
export async function buildUploadSession(t: TestApp, team: Pick<TestTeam, 'id'>, user: Pick<TestUser, 'id'>) {
  return t.db
    .insertInto('upload_sessions')
    .values({ uuid: randomUUID(), team_id: team.id, user_id: user.id })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
}
