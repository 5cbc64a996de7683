import { describe, expect, it } from 'vitest';
import { stowResponse } from './stow-response';

const stored = {
  sopClassUid: '1.2.840.10008.5.1.4.1.1.2',
  sopInstanceUid: '2.25.3',
  studyInstanceUid: '2.25.1',
  seriesInstanceUid: '2.25.2',
};
const failed = { sopClassUid: '', sopInstanceUid: '1.9', reason: 0x0110 };

describe('stowResponse', () => {
  it('answers 200 with each stored instance and its retrieve URL', () => {
    const { status, body } = stowResponse({ stored: [stored], failed: [] }, 'http://a/dicom-web');
    expect(status).toBe(200);
    expect(body['00081190']?.Value).toEqual(['http://a/dicom-web/studies/2.25.1']);
    expect(body['00081199']?.Value).toEqual([
      {
        '00081150': { vr: 'UI', Value: ['1.2.840.10008.5.1.4.1.1.2'] },
        '00081155': { vr: 'UI', Value: ['2.25.3'] },
        '00081190': { vr: 'UR', Value: ['http://a/dicom-web/studies/2.25.1/series/2.25.2/instances/2.25.3'] },
      },
    ]);
    expect(body['00081198']).toBeUndefined();
  });

  it('answers 202 when some failed and 409 when none was stored, with the reasons', () => {
    expect(stowResponse({ stored: [stored], failed: [failed] }, '').status).toBe(202);
    const none = stowResponse({ stored: [], failed: [failed] }, '');
    expect(none.status).toBe(409);
    expect(none.body['00081198']?.Value).toEqual([
      {
        '00081150': { vr: 'UI', Value: [] },
        '00081155': { vr: 'UI', Value: ['1.9'] },
        '00081197': { vr: 'US', Value: [0x0110] },
      },
    ]);
  });
});
