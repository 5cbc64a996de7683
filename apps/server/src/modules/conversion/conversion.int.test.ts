import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@voxa/contracts';
import {
  newUploader,
  folderSeries,
  references,
  settled,
  upload,
  volumesOf,
  withPlantedIdentity,
  type Uploader,
} from '../../../test/conversion-flow';
import { TESTDATA_DIR } from '../../../test/corpus';
import { rawFilesRemoved } from '../../../test/files';
import { expectNoIdentity } from '../../../test/identity-scan';
import { IDENTITY_TEXTS } from '../../../test/identity';
import { sameVolume } from '../../../test/nifti-volume';
import { readSeriesData } from '../studies/series-data';
import { isIdentifyingSidecarKey } from '../deidentify/sidecar';

/**
 * Fidelity through the real upload path: files sent in chunks, the study stored, each series converted by
 * the job queue, then upload-finished; with 'Anonymize all' on (the page's default) and off, every
 * reference volume of the corpus comes out the same (dimensions, datatype, voxels, scaling, affines),
 * with its .bval/.bvec where the reference has them. Anonymised, the files carry a planted identity, and
 * neither it nor any original UID is found afterwards in anything the server keeps.
 */

let u: Uploader;
beforeAll(async () => {
  u = await newUploader();
});
afterAll(async () => u.t.close());

const numbers = async (file: string) => (await readFile(file, 'utf8')).trim().split(/\s+/).map(Number);

describe('conversion through the upload endpoints', () => {
  for (const anonymize of [true, false])
    for (const dataset of ['dcm_qa_ts', 'dcm_qa_nih', 'dcm_qa_enh', 'dcm_qa_xa30'])
      it(
        `${anonymize ? 'anonymised' : 'as is'}: every series of ${dataset} gives the reference volumes`,
        {
          timeout: 300_000,
        },
        async () => {
          const original = await folderSeries(dataset);
          // Anonymised, every file carries a planted identity that must end up nowhere.
          const { series, uids } = anonymize
            ? withPlantedIdentity(original)
            : { series: original, uids: new Set<string>() };
          const [studyUid] = uids;
          if (studyUid) {
            // The page's duplicate check names the original study UID in its path (the log must not keep it).
            const check = await u.t.call('GET', `/studies/${studyUid}/check`, {
              token: u.owner.token,
              team: u.team.slug,
            });
            expect(check.status).toBe(200);
          }
          const { study } = await upload(u, series, {
            anonymize,
            patientName: 'Test',
            studyUid: studyUid ?? null,
          });
          const rows = await settled(u, study.id);
          const volumes = await volumesOf(u, study.uuid, rows);
          for (const reference of await references(dataset)) {
            const match = volumes.find((v) => sameVolume(v, reference));
            expect(match, `${dataset}/${reference.name}`).toBeDefined();
            for (const extension of ['.bval', '.bvec']) {
              const expected = path.join(
                TESTDATA_DIR,
                'reference',
                dataset,
                reference.name.replace(/\.nii$/, extension),
              );
              if (!existsSync(expected) || !match) continue;
              const got = path.join(path.dirname(match.file), match.name.replace(/\.nii$/, extension));
              expect(await numbers(got)).toEqual(await numbers(expected));
            }
          }
          if (dataset === 'dcm_qa_xa30') {
            // The protocol documents hold no image: that series fails, the others convert all the same.
            const failed = rows.filter((r) => r.status === 'error');
            expect(failed).toHaveLength(1);
            expect(String(readSeriesData(failed[0]?.data).error)).toMatch(/no NIfTI/);
          } else expect(rows.every((r) => r.status === 'done')).toBe(true);

          for (const row of rows.filter((r) => r.status === 'done')) {
            const { nifti = [], outputs = [], folder = [] } = readSeriesData(row.data);
            // Each volume keeps its sidecar.
            for (const volume of nifti) expect(outputs).toContain(volume.replace(/\.nii$/, '.json'));
            if (!anonymize) continue;
            for (const file of outputs.filter((f) => f.endsWith('.json'))) {
              const text = await readFile(
                await u.t.app.deps.storage.path([...folder, 'nifti', file]),
                'utf8',
              );
              expect(Object.keys(JSON.parse(text) as object).filter(isIdentifyingSidecarKey), file).toEqual(
                [],
              );
            }
          }
          for (const volume of volumes) if (anonymize) expect(volume.descrip, volume.name).toBe('');

          const finished = await u.t.call('POST', '/upload-finished', {
            token: u.owner.token,
            team: u.team.slug,
            body: { studies: [{ studyUuid: study.uuid }] },
          });
          expect(finished.body.studies).toEqual([{ studyUuid: study.uuid, status: 'converted' }]);
          // The uploader is told once, however often the page says it has finished.
          await u.t.call('POST', '/upload-finished', {
            token: u.owner.token,
            team: u.team.slug,
            body: { studies: [{ studyUuid: study.uuid }] },
          });
          const told = await u.t.call('GET', '/notification?per_page=500', {
            token: u.owner.token,
            team: u.team.slug,
          });
          expect(told.body.notifications.data.filter((n: Notification) => n.model1_id === study.id)).toEqual([
            expect.objectContaining({
              type_code: dataset === 'dcm_qa_xa30' ? 'upload.conversion.error' : 'upload.conversion.done',
              url: `/serie/organize/${study.uuid}`,
            }),
          ]);
          if (anonymize) {
            await rawFilesRemoved(u.t, study.uuid);
            await expectNoIdentity(u.t, [...IDENTITY_TEXTS, ...uids]);
          }
        },
      );
});
