import type { Body, StoredStudy } from '@voxa/contracts';
import type { api } from '@voxa/contracts';
import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps';
import { notFound, unprocessable } from '../../http/errors';
import type { TeamContext } from '../../http/context';
import { remapUid } from '../deidentify/keyed';
import { teamKey } from '../deidentify/team-key';
import { studyUidHash } from '../studies/study-uid-hash';
import { referenceProblem, storedSeriesData, storedStudyData } from './policy';
import { findOwnSession } from '../upload/service';
import { createFlow } from '../flows/service';
import { pipelineByCode } from '../pipelines/service';
import { missingAcquisitionsForPipeline, missingAcquisitionsMessage } from '@voxa/imaging';

type CreateStudy = Body<typeof api.conversion.createStudy>;

/** A UID for what has none (a NIfTI-only study or series): random, under the UUID root 2.25. */
const newUid = () => `2.25.${BigInt(`0x${randomUUID().replace(/-/g, '')}`).toString(10)}`;

/**
 * Stores a study and its series before their files convert. With anonymize on, the stored UIDs are the
 * team's remapped ones, the same the de-identified files will carry; the duplicate check keeps working on
 * the keyed hash of the original StudyInstanceUID.
 */
export async function storeStudy(deps: Deps, ctx: TeamContext, body: CreateStudy): Promise<StoredStudy> {
  const problem = referenceProblem(body.study.series);
  if (problem) throw unprocessable(problem, { 'study.series': [problem] });
  const session = await findOwnSession(deps.db, ctx, body.session_id);
  const pipeline = await pipelineFor(deps, ctx, body.study);
  const key = teamKey(deps.keys, ctx.team.id);
  const originalUid = body.studyInstanceUid ?? newUid();
  const storedUid = (uid: string) => (body.anonymize ? remapUid(key, uid) : uid);

  return deps.db.transaction().execute(async (trx) => {
    if (body.labels.length > 0) {
      const found = await trx
        .selectFrom('labels')
        .select('id')
        .where('team_id', '=', ctx.team.id)
        .where('id', 'in', body.labels)
        .execute();
      if (found.length !== new Set(body.labels).size) throw notFound('Label not found.');
    }
    const study = await trx
      .insertInto('studies')
      .values({
        team_id: ctx.team.id,
        user_id: ctx.user.id,
        upload_id: session.id,
        study_uid: storedUid(originalUid),
        original_uid_hash: studyUidHash(deps.keys.studyUid, ctx.team.id, originalUid),
        status: 'uploading',
        has_series: true,
        data: JSON.stringify(storedStudyData(body.study, body.anonymize, body.bodyPart)),
      })
      .returning(['id', 'uuid', 'study_uid'])
      .executeTakeFirstOrThrow();
    const series = await trx
      .insertInto('series')
      .values(
        body.study.series.map((s) => ({
          study_id: study.id,
          team_id: ctx.team.id,
          upload_id: session.id,
          series_uid: s.type === 'dcm' ? storedUid(s.id) : newUid(),
          series_number: s.seriesNumber,
          modality_code: s.modalityCode,
          acquisition_code: s.acquisitionCode,
          score: s.score,
          ref_serie: s.ref_serie,
          sort: s.sort,
          status: 'uploading',
          data: JSON.stringify(storedSeriesData(s, body.anonymize)),
        })),
      )
      .returning(['id', 'uuid', 'data'])
      .execute();
    if (pipeline) await createFlow(trx, { id: study.id, teamId: ctx.team.id }, pipeline);
    if (body.labels.length > 0)
      await trx
        .insertInto('study_labels')
        .values(
          [...new Set(body.labels)].map((label_id) => ({
            study_id: study.id,
            label_id,
            team_id: ctx.team.id,
          })),
        )
        .execute();
    return {
      id: study.id,
      uuid: study.uuid,
      studyUuid: study.uuid,
      studyInstanceUid: body.studyInstanceUid ? study.study_uid : null,
      series: series.map((row) => ({ id: row.id, uuid: row.uuid, clientId: String(row.data.clientId) })),
    };
  });
}

/**
 * The team's pipeline the study names, if any, checked as the page checks it (section 5): every series
 * sent converts, so each counts as selected; a study without all required acquisitions answers 422 with
 * the page's toast.
 */
async function pipelineFor(deps: Deps, ctx: TeamContext, study: CreateStudy['study']) {
  if (!study.pipelineCode) return null;
  const pipeline = await pipelineByCode(deps.db, ctx.team.id, study.pipelineCode);
  const series = study.series.map((s) => ({ isSelected: true, acquisitionCode: s.acquisitionCode ?? '' }));
  const missing = missingAcquisitionsForPipeline({ series }, pipeline);
  if (missing.length === 0) return pipeline;
  const message = missingAcquisitionsMessage(study, missing);
  throw unprocessable(message, { 'study.pipelineCode': [message] });
}
