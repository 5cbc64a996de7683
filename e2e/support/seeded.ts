import path from 'node:path';
import type { UploadedSeriesHeaders } from './apiUpload';
import type { Credentials } from './people';
import { filesUnder, TESTDATA_DIR } from './testdata';

/**
 * The seeded data every seeded story starts from (made once per run by seededData.ts, copied per story):
 * its administrator owns one team, which holds a converted CT study and a converted MR study, both
 * uploaded through the real upload API.
 */
export const SEEDED_OWNER: Credentials = {
  name: 'Sam Seeded',
  email: 'sam-seeded@example.org',
  password: 'pw-seeded-owner',
};

export const SEEDED_TEAM = { title: 'Seeded Lab', slug: 'seeded-lab' };

export interface SeededSeries {
  /** The DICOM files of the series. */
  files: string[];
  modality: string;
  /** What the upload page reads from their headers (the organize panel names it `Series N`). */
  headers: UploadedSeriesHeaders & { seriesNumber: number };
}

/** The GE head CT of dcm_qa_ct: one axial series (#2) of 28 slices, 512 x 512, with a gantry tilt. */
export const SEEDED_CT: SeededSeries = {
  files: filesUnder(path.join(TESTDATA_DIR, 'dicom/dcm_qa_ct/GE')).filter((f) => f.endsWith('.dcm')),
  modality: 'CT',
  headers: { patientName: 'ANON-CT', seriesNumber: 2, acquisitionCode: 'AR', rows: 512, columns: 512 },
};

/** An axial EPI of dcm_qa_nih's GE study (series #4), 64 x 64. */
export const SEEDED_MR: SeededSeries = {
  files: filesUnder(path.join(TESTDATA_DIR, 'dicom/dcm_qa_nih/20180918GE/mr_0004')).filter((f) =>
    f.endsWith('.dcm'),
  ),
  modality: 'MR',
  headers: {
    patientName: 'ANON-MR',
    seriesNumber: 4,
    seriesDescription: 'Axial EPI-FMRI (Interleaved I to S)',
    rows: 64,
    columns: 64,
  },
};

/** Where the seeded data is, and the uuids of what it holds (provided to the stories as e2eSeeded). */
export interface SeededData {
  /** A stopped server's DATA_DIR: the database (pglite) and the files it names. */
  dataDir: string;
  ct: { studyUuid: string; seriesUuid: string };
  mr: { studyUuid: string; seriesUuid: string };
}
