import { describe, expect, it } from 'vitest';
import { seriesProgress, type FileTransferState } from './progress';

const file = (seriesId: string, size: number, uploadedSize: number, status: FileTransferState['status']) => ({
  seriesId,
  size,
  uploadedSize,
  status,
});

describe('seriesProgress', () => {
  it('sums the files of one series only', () => {
    const files = [file('s1', 100, 100, 'done'), file('s1', 300, 50, 'active'), file('s2', 10, 0, 'pending')];
    expect(seriesProgress('s1', files)).toEqual({
      seriesId: 's1',
      uploadProgress: 37,
      uploadedImages: 1,
      uploadedSize: 150,
      totalImages: 2,
      totalSize: 400,
      failedImages: 0,
      uploadActive: true,
      uploadFinished: false,
    });
  });

  it('is finished when nothing is left to send, failures included', () => {
    const p = seriesProgress('s', [file('s', 100, 100, 'done'), file('s', 100, 0, 'failed')]);
    expect(p).toMatchObject({
      uploadProgress: 50,
      uploadedImages: 1,
      failedImages: 1,
      uploadFinished: true,
      uploadActive: false,
    });
  });

  it('counts a series of empty files as 100 % once done', () => {
    expect(seriesProgress('s', [file('s', 0, 0, 'done')]).uploadProgress).toBe(100);
    expect(seriesProgress('s', [file('s', 0, 0, 'pending')]).uploadProgress).toBe(0);
    expect(seriesProgress('none', []).uploadFinished).toBe(false);
  });
});
