import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUploader, type Uploader } from '../../../test/conversion-flow';
import { buildMember, buildTeam, buildUser, type TestTeam } from '../../../test/factories';
import {
  convertedSeries,
  corpusSeries,
  download,
  readNifti,
  type ConvertedSeries,
} from '../../../test/mask-flow';
import { buildSeries, buildStudy } from '../../../test/study-factories';

/**
 * The XA viewer's data (issue 13 item 6) on the really uploaded, converted and de-identified XA cine run
 * of the corpus: 12 frames of 512 x 512 in JPEG Lossless whose Basic Offset Table dcm2niix refuses until
 * the conversion empties it (decision 0039).
 */
let u: Uploader;
let xa: ConvertedSeries;
let viewer: { token: string; team: string };
let other: TestTeam;

const facts = (uuid: string, who = viewer) => u.t.call('GET', `/v2/cine/${uuid}`, { ...who, prefix: '/svc' });

beforeAll(async () => {
  u = await newUploader();
  xa = await convertedSeries(u, await corpusSeries('dicom/tensorflow-io', (n) => n.startsWith('XA-')));
  const member = await buildMember(u.t, u.team, 'Viewer');
  viewer = { token: member.token, team: u.team.slug };
  other = await buildTeam(u.t, await buildUser(u.t));
}, 240_000);
afterAll(async () => u.t.close());

describe('the converted XA cine run', () => {
  it('is one 512 x 512 x 12 volume of the 12 frames, served by the volume endpoint', async () => {
    const served = await download(u, `/v2/volume/${xa.uuid}/0`, viewer);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(await readFile(xa.volumeFile))).toBe(true);
    const { header, voxels } = readNifti(served.bytes);
    expect(header.dims.slice(0, 4)).toEqual([3, 512, 512, 12]);
    expect(header.datatypeCode).toBe(2);
    const frame = (n: number) => voxels.subarray(n * 512 * 512, (n + 1) * 512 * 512);
    // A cine run moves: no two consecutive frames are the same image.
    for (let n = 1; n < 12; n++) expect(frame(n).equals(frame(n - 1))).toBe(false);
  });
});

describe('GET /svc/v2/cine/:uuid', () => {
  it('gives frames, frame time and positioner angles from the stored (de-identified) DICOM', async () => {
    const res = await facts(xa.uuid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      uuid: xa.uuid,
      modality: 'XA',
      frames: 12,
      frame_time_ms: 33,
      primary_angle: 77,
      secondary_angle: -45,
      rows: 512,
      columns: 512,
    });
  });

  it('is 404 for another team’s series, one not converted, one without DICOM, or none', async () => {
    const stranger = await buildMember(u.t, other, 'Owner');
    expect((await facts(xa.uuid, { token: stranger.token, team: other.slug })).status).toBe(404);
    const study = await buildStudy(u.t, u.team);
    const pending = await buildSeries(u.t, u.team, study, { status: 'generatingNii' });
    const niftiOnly = await buildSeries(u.t, u.team, study);
    expect((await facts(pending.uuid)).status).toBe(404);
    expect((await facts(niftiOnly.uuid)).status).toBe(404);
    expect((await facts('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await facts('not-a-uuid')).status).toBe(422);
  });
});
