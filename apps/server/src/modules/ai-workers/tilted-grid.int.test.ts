import { emptyLabelMask } from '@voxa/imaging';
import { afterAll, describe, expect, it } from 'vitest';
import { buildJob } from '../../../test/ai-job-factories';
import { newUploader, type Uploader } from '../../../test/conversion-flow';
import { convertedSeries, corpusSeries } from '../../../test/mask-flow';
import { nativeVersion } from '../../platform/dcm2niix';

/**
 * A worker's result lies on the grid the server handed it (decision 0087): the gantry-tilted GE CT of
 * dcm_qa_ct (512 x 512 x 28) is leased as an inference, its input volume read, and an all-zero label
 * map written on it, exactly on its header and as nibabel's `Nifti1Image(labels, input.affine)` writes
 * it (pixdim from the sform's columns: 0.4883 x 0.5377 x 3.7951 mm where Debian's dcm2niix shears the
 * sform, against pixdim's 4.0019 mm slices). Both are accepted, with the bundled converter and with the
 * machine's native one forced.
 */
const NIFTI1_HEADER_BYTES = 348;
const converters: [string, Record<string, string>][] = [['the default converter', {}]];
if (await nativeVersion('dcm2niix'))
  converters.push(['the native dcm2niix forced', { DCM2NIIX_FORCE_NATIVE: 'on' }]);

/** The label map as nibabel writes it on an affine alone: pixdim is the sform's column lengths, no qform. */
function onTheAffine(mask: Uint8Array): Uint8Array {
  const bytes = mask.slice();
  const view = new DataView(bytes.buffer);
  for (let col = 0; col < 3; col++) {
    const column = [280, 296, 312].map((row) => view.getFloat32(row + 4 * col, true));
    view.setFloat32(80 + 4 * col, Math.hypot(...column), true);
  }
  view.setInt16(252, 0, true); // qform_code
  view.setInt16(254, 2, true); // sform_code: aligned to another file
  return bytes;
}

describe.each(converters)('a label map on the tilted CT handed out by %s', (_name, env) => {
  let u: Uploader | undefined;
  afterAll(async () => u?.t.close());

  it('is accepted exactly on the input’s header and on its affine', async () => {
    u = await newUploader(env);
    const t = u.t;
    const ct = await convertedSeries(u, await corpusSeries('dicom/dcm_qa_ct/GE'));
    const series = await t.db
      .selectFrom('series')
      .select('id')
      .where('uuid', '=', ct.uuid)
      .executeTakeFirstOrThrow();
    const structure = await t.db
      .selectFrom('structures')
      .select('id')
      .where('slug', '=', 'totalsegmentator-total')
      .where('team_id', 'is', null)
      .executeTakeFirstOrThrow();
    const worker = await t.call('POST', '/ai-workers', {
      token: u.owner.token,
      team: u.team.slug,
      body: { name: 'tilt' },
    });
    expect(worker.status).toBe(201);
    const token = worker.body.token as string;
    const registered = await t.call('POST', '/ai-worker/register', {
      token,
      body: { runtimes: ['external'], models: ['total'], capacity: 1, version: 'test 1' },
    });
    expect(registered.status).toBe(200);

    for (const write of [(mask: Uint8Array) => mask, onTheAffine]) {
      const job = await buildJob(t, {
        teamId: u.team.id,
        seriesId: series.id,
        createdBy: u.owner.id,
        structureId: structure.id,
        segments: [{ title: 'spleen', value: 1 }],
      });
      const leased = await t.call('POST', '/ai-worker/lease', { token });
      expect(leased.body.job?.id).toBe(job.id);
      const input = await fetch(`${t.url}/api/ai-worker/jobs/${job.id}/input/0`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(input.status).toBe(200);
      const header = new Uint8Array(await input.arrayBuffer()).subarray(0, NIFTI1_HEADER_BYTES);
      const mask = emptyLabelMask(header, 'uint8');
      expect(mask.dims).toEqual([512, 512, 28]);
      const result = await t.call('PUT', `/ai-worker/jobs/${job.id}/result`, {
        token,
        bytes: write(mask.bytes),
      });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
    }
  }, 240_000);
});
