import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTeam, buildUser, type TestTeam } from '../../../test/factories';
import { buildSeries, buildStudy } from '../../../test/study-factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { parseQido } from './qido-query';
import { matchingStudies, studyFilters } from './study-rows';

/** The study rows (migration 0034) follow the instances as they are written and deleted. */
let t: TestApp;
let team: TestTeam;

const STUDY_UID = '1.2.826.0.1.3680043.8.498.42';

async function indexed(series: { id: number }, study: { id: number }, sop: string, modality: string) {
  await t.db
    .insertInto('dicomweb_instances')
    .values({
      team_id: team.id,
      study_id: study.id,
      series_id: series.id,
      file: `${sop}.dcm`,
      study_uid: STUDY_UID,
      series_uid: `${STUDY_UID}.${modality}`,
      sop_uid: sop,
      sop_class_uid: '1.2.840.10008.5.1.4.1.1.2',
      patient_name: 'Doe^Jane',
      study_date: '20240102',
      modality,
      attributes: JSON.stringify({}),
    })
    .execute();
}

const row = () =>
  t.db
    .selectFrom('dicomweb_studies')
    .select(['instances', 'series', 'modalities', 'patient_name'])
    .where('team_id', '=', team.id)
    .execute();

const search = async (query: Record<string, string>) => {
  const parsed = parseQido(query);
  if (!parsed.ok) throw new Error(parsed.message);
  const filters = studyFilters(parsed.query.filters);
  if (!filters) throw new Error('not a study-row search');
  return matchingStudies(t.db, team.id, filters, { limit: 10, offset: 0 });
};

beforeAll(async () => {
  t = await createTestApp();
  team = await buildTeam(t, await buildUser(t));
}, 120_000);
afterAll(async () => t.close());

describe('dicomweb_studies', () => {
  it('is written, searched and removed with the instances', async () => {
    const study = await buildStudy(t, team);
    const ct = await buildSeries(t, team, study);
    const mr = await buildSeries(t, team, study);
    await indexed(ct, study, '1', 'CT');
    await indexed(ct, study, '2', 'CT');
    await indexed(mr, study, '3', 'MR');
    expect(await row()).toEqual([
      { instances: 3, series: 2, modalities: ['CT', 'MR'], patient_name: 'Doe^Jane' },
    ]);
    expect(await search({ PatientName: 'doe*', ModalitiesInStudy: 'MR' })).toHaveLength(1);
    expect(await search({ PatientName: '*jane', StudyDate: '20240101-20240131' })).toHaveLength(1);
    expect(await search({ PatientName: 'jane*' })).toHaveLength(0);

    await t.db.deleteFrom('series').where('id', '=', mr.id).execute();
    expect(await row()).toEqual([{ instances: 2, series: 1, modalities: ['CT'], patient_name: 'Doe^Jane' }]);
    await t.db.deleteFrom('studies').where('id', '=', study.id).execute();
    expect(await row()).toEqual([]);
  });
});
