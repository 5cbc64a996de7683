import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import dcmjs, { type DicomDataset } from 'dcmjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  folderSeries,
  newUploader,
  references,
  settled,
  upload,
  volumesOf,
  type LocalSeries,
  type Uploader,
} from '../../../test/conversion-flow';
import { filesBelow, rawFilesRemoved } from '../../../test/files';
import { expectNoIdentity } from '../../../test/identity-scan';
import { readVolume, sameVolume, type Volume } from '../../../test/nifti-volume';
import { wasmConverter } from '../../platform/dcm2niix';

/**
 * Decision 0086 on real scanners' files through an anonymised upload: the device and site identifiers
 * (AE titles in the file meta, station name, serial number, the serial inside the UIDs of the Siemens CSA
 * headers kept for conversion) are found in no stored byte, the descriptors are kept cleaned of the
 * patient, and conversion, of the received files and of the stored copies, still gives dcm2niix's
 * reference volumes.
 */

/** Identifiers the corpus files carry (dcmdump): Siemens Skyra 35131, Siemens Prisma 45160, GE fmrif3tb. */
const DEVICE_TEXTS = [
  'MRC35131', // dcm_qa_ts: Station Name
  '1.3.12.2.1107.5.2.32.35131', // ...its serial number as the CSA headers' UIDs carry it
  'AWP45160', // 20180918Si: Source AE Title, Station Name
  '1.3.12.2.1107.5.2.19.45160', // ...the localisers' UIDs in its CSA series header
  'fmrif3tb', // 20180918GE: Source AE Title, Station Name
  '000301496MR3T6MR', // ...Device Serial Number
];
/** The serial numbers alone, as Device Serial Number and the CSA headers hold them. */
const SERIALS = /(?<![0-9])(?:35131|45160)(?![0-9])/;

const PATIENT = { name: 'MUSTERMANN^ERIKA', id: 'PID-778899', birthDate: '19650412' };

/** The mosaic with the patient planted in its identity and in its descriptors, as a console may write them. */
function plantedInDescriptors(series: LocalSeries): LocalSeries {
  const files = series.files.map((f, i) => {
    const dicom = dcmjs.data.DicomMessage.readFile(f.bytes.slice().buffer);
    const set = (tag: string, vr: string, value: unknown) => (dicom.dict[tag] = { vr, Value: [value] });
    set('00100010', 'PN', { Alphabetic: PATIENT.name });
    set('00100020', 'LO', PATIENT.id);
    set('00100030', 'DA', PATIENT.birthDate);
    set('0008103E', 'LO', 'EPI PE=AP MUSTERMANN');
    set('00181030', 'LO', `EPI PE=AP ${PATIENT.birthDate}`);
    set('00081030', 'LO', `Kopf ${PATIENT.id}`);
    const bytes = new Uint8Array(dicom.write({ allowInvalidVRLength: true, fragmentMultiframe: false }));
    return { name: `mosaic/${i + 1}.dcm`, bytes };
  });
  return { id: 'mosaic', files };
}

let u: Uploader;
const converter = wasmConverter();
let work = '';
beforeAll(async () => {
  u = await newUploader();
  work = await mkdtemp(path.join(os.tmpdir(), 'voxa-device-identity-'));
});
afterAll(async () => {
  await u.t.close();
  await converter.close();
  await rm(work, { recursive: true, force: true });
});

const storedPath = (folder: string[], part: string) => u.t.app.deps.storage.path([...folder, part]);

describe('an anonymised upload of real scanners’ series (decision 0086)', () => {
  it(
    'stores no device or site identifier, keeps the descriptors cleaned and converts to the references',
    { timeout: 600_000 },
    async () => {
      const [mosaic] = await folderSeries('dcm_qa_nih/20180918Si/mr_0003');
      const [ge] = await folderSeries('dcm_qa_nih/20180918GE/mr_0004');
      const [skyra] = (await folderSeries('dcm_qa_ts')).map((s) => ({
        ...s,
        id: 'skyra',
        files: s.files.filter((f) => f.name === '1.dcm'),
      }));
      if (!mosaic || !ge || !skyra) throw new Error('corpus series missing');
      const series = [plantedInDescriptors(mosaic), { ...ge, id: 'ge' }, skyra];
      for (const text of DEVICE_TEXTS)
        expect(
          series.some((s) => s.files.some((f) => Buffer.from(f.bytes).includes(text))),
          text,
        ).toBe(true);

      const { study } = await upload(u, series, {
        anonymize: true,
        patientName: 'ANON-TEST',
        studyUid: null,
      });
      const rows = await settled(u, study.id);
      expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'done']);
      await u.t.call('POST', '/upload-finished', {
        token: u.owner.token,
        team: u.team.slug,
        body: { studies: [{ studyUuid: study.uuid }] },
      });
      await rawFilesRemoved(u.t, study.uuid);

      const byClient = (id: string) => {
        const row = rows.find((r) => r.data.clientId === id);
        if (!row) throw new Error(`series ${id} missing`);
        return row;
      };
      const reference = async (dataset: string, name: string) => {
        const found = (await references(dataset)).find((r) => r.name === name);
        if (!found) throw new Error(`reference ${name} missing`);
        return found;
      };
      const expected: [string, Volume][] = [
        ['mosaic', await reference('dcm_qa_nih', 'EPI_PE=AP_3.nii')],
        ['ge', await reference('dcm_qa_nih', 'DCM2NIIX_regression_test_4.nii')],
        ['skyra', await reference('dcm_qa_ts', '1.nii')],
      ];
      for (const [id, ref] of expected) {
        const row = byClient(id);
        const volumes = await volumesOf(u, study.uuid, [row]);
        expect(
          volumes.some((v) => sameVolume(v, ref)),
          `${id} converted`,
        ).toBe(true);

        // The stored copies, their CSA headers cleaned in place, convert to the reference too.
        const dicomDir = await storedPath(row.data.folder as string[], 'dicom');
        const { files } = await converter.convert(dicomDir, path.join(work, id));
        const again = await Promise.all(
          files.filter((f) => f.endsWith('.nii')).map((f) => readVolume(path.join(work, id, f))),
        );
        expect(
          again.some((v) => sameVolume(v, ref)),
          `${id} stored copies converted`,
        ).toBe(true);

        for (const file of await filesBelow(dicomDir)) {
          const { meta, dict } = dcmjs.data.DicomMessage.readFile((await readFile(file)).buffer);
          for (const tag of ['00020016', '00020017', '00020018']) expect(meta[tag], tag).toBeUndefined();
          for (const tag of ['00081010', '00181000', '00080054', '00080055'])
            expect((dict as DicomDataset)[tag], tag).toBeUndefined();
        }
      }

      // The descriptors: cleaned of the planted patient, on the row, in the stored DICOM and in the sidecar.
      const planted = byClient('mosaic');
      expect(planted.data).toMatchObject({ seriesDescription: 'EPI PE=AP', protocolName: 'EPI PE=AP' });
      // The GE series' patient is Test^Regression: its protocol 'DCM2NIIX regression test' names them twice.
      expect(byClient('ge').data).toMatchObject({
        seriesDescription: 'Axial EPI-FMRI (Interleaved I to S)',
        protocolName: 'DCM2NIIX',
      });
      // What the organize panel reads and lists under each series (Description, Protocol).
      const organize = await u.t.call('GET', `/annotator/studies/${study.uuid}`, {
        token: u.owner.token,
        team: u.team.slug,
      });
      expect(organize.status).toBe(200);
      const shown = (organize.body.series as { uuid: string; data: Record<string, unknown> }[]).find(
        (s) => s.uuid === planted.uuid,
      );
      expect(shown?.data).toMatchObject({ seriesDescription: 'EPI PE=AP', protocolName: 'EPI PE=AP' });
      const [copy] = await filesBelow(await storedPath(planted.data.folder as string[], 'dicom'));
      const { dict } = dcmjs.data.DicomMessage.readFile((await readFile(copy ?? '')).buffer);
      expect(dict['0008103E']?.Value).toEqual(['EPI PE=AP']);
      expect(dict['00181030']?.Value).toEqual(['EPI PE=AP']);
      expect(dict['00081030']?.Value).toEqual(['Kopf']);
      expect(dict['00291020']).toBeDefined(); // the CSA series header is kept for conversion
      const niftiDir = await storedPath(planted.data.folder as string[], 'nifti');
      const sidecars = (await readdir(niftiDir)).filter((f) => f.endsWith('.json'));
      expect(sidecars.length).toBeGreaterThan(0);
      for (const file of sidecars)
        expect(JSON.parse(await readFile(path.join(niftiDir, file), 'utf8'))).toMatchObject({
          SeriesDescription: 'EPI PE=AP',
          ProtocolName: 'EPI PE=AP',
        });

      // Every store the server writes (test/identity-scan.ts): files, every table, the database's own files, the log.
      await expectNoIdentity(u.t, [...DEVICE_TEXTS, 'MUSTERMANN', PATIENT.id, PATIENT.birthDate, SERIALS]);
    },
  );
});
