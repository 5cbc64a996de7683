import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUploader, folderSeries, settled, upload, type Uploader } from '../../../test/conversion-flow';

/** The slideshow is made by the conversion job itself: a real series, uploaded and converted. */

let u: Uploader;
beforeAll(async () => {
  u = await newUploader();
});
afterAll(async () => u.t.close());

describe('slideshow after conversion', () => {
  it('is written once a series converts, and the studies list serves it', { timeout: 300_000 }, async () => {
    const [series] = await folderSeries('dcm_qa_nih');
    if (!series) throw new Error('no series in dcm_qa_nih');
    const { study } = await upload(u, [series], { anonymize: true, patientName: 'ANON-7', studyUid: null });
    const [row] = await settled(u, study.id);
    expect(row).toMatchObject({ status: 'done', data: { slideshow: 5, folder: expect.any(Array) } });
    const who = { token: u.owner.token, team: u.team.slug };
    const listed = await u.t.call('GET', `/studies-v2/${study.id}`, who);
    expect(listed.body.cachedSlideshow).toHaveLength(5);
    const frame = await fetch(`${u.t.url}${listed.body.cachedSlideshow[4]}`, {
      headers: { authorization: `Bearer ${u.owner.token}`, team: u.team.slug },
    });
    expect(frame.status).toBe(200);
    expect(frame.headers.get('content-type')).toBe('image/png');
    expect((await frame.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });
});
