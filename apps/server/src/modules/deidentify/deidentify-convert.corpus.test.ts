import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TESTDATA_DIR } from '../../../test/corpus';
import { readVolume, sameVolume } from '../../../test/nifti-volume';
import { wasmConverter } from '../../platform/dcm2niix';
import { deidentifyDicom } from './deidentify';
import { teamReplacements } from './keyed';

/**
 * The DICOM kept of an anonymised upload is still convertible (decision 0023 converts the originals): de-identified series (every transfer syntax of
 * dcm_qa_ts and a Siemens mosaic series, which need the safe private attributes; a GE series; a Siemens
 * enhanced series) give the reference volumes, and their
 * NIfTI and JSON outputs hold no trace of the original patient.
 */

const converter = wasmConverter();
const work = await mkdtemp(path.join(os.tmpdir(), 'voxa-deid-convert-'));
afterAll(async () => {
  await converter.close();
  await rm(work, { recursive: true, force: true });
});

const key = Buffer.alloc(32, 9);
const replacements = teamReplacements(key);

const cases = [
  { series: 'dicom/dcm_qa_ts', reference: 'reference/dcm_qa_ts' },
  { series: 'dicom/dcm_qa_nih/20180918GE/mr_0004', reference: 'reference/dcm_qa_nih' },
  { series: 'dicom/dcm_qa_nih/20180918Si/mr_0003', reference: 'reference/dcm_qa_nih' },
  { series: 'dicom/dcm_qa_enh/Siemens/XA10', reference: 'reference/dcm_qa_enh' },
];

describe('de-identified series convert to the reference volumes', () => {
  for (const { series, reference } of cases) {
    it(series, { timeout: 120_000 }, async () => {
      const input = path.join(work, path.basename(series), 'in');
      const output = path.join(work, path.basename(series), 'out');
      await mkdir(input, { recursive: true });
      const names = (await readdir(path.join(TESTDATA_DIR, series))).filter(
        (n) => n.endsWith('.dcm') || !n.includes('.'),
      );
      const originals: Buffer[] = [];
      for (const name of names) {
        const bytes = await readFile(path.join(TESTDATA_DIR, series, name));
        originals.push(bytes);
        await writeFile(
          path.join(input, name),
          Buffer.concat(deidentifyDicom(new Uint8Array(bytes), replacements)),
        );
      }

      const { files } = await converter.convert(input, output);

      const volumes = await Promise.all(
        files.filter((f) => f.endsWith('.nii')).map((f) => readVolume(path.join(output, f))),
      );
      const references = (await readdir(path.join(TESTDATA_DIR, reference))).filter((f) =>
        f.endsWith('.nii'),
      );
      const matched = await Promise.all(
        references.map(async (r) => {
          const ref = await readVolume(path.join(TESTDATA_DIR, reference, r));
          return volumes.some((v) => sameVolume(v, ref));
        }),
      );
      expect(matched.filter(Boolean).length).toBeGreaterThan(0);
      for (const file of files.filter((f) => f.endsWith('.json'))) {
        const sidecar = JSON.parse(await readFile(path.join(output, file), 'utf8')) as Record<
          string,
          unknown
        >;
        for (const field of [
          'PatientName',
          'PatientID',
          'PatientBirthDate',
          'InstitutionName',
          'StationName',
        ])
          expect(sidecar[field], `${file} ${field}`).toBeUndefined();
      }
      expect(originals.length).toBe(names.length);
    });
  }
});
