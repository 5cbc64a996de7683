import { UPLOAD_LIMITS } from '@voxa/contracts';
import type { FileRef, UploadSeries } from '@voxa/imaging';
import { describe, expect, it, vi } from 'vitest';
import { createPreviewService } from './previewService';
import type { ConvertResult, RenderResult } from './protocol';
import type { PreviewJob, PreviewPool } from './workerPool';

const png = new Blob(['png']);
const nifti = new Blob(['nii']);

function series(overrides: Partial<UploadSeries>): UploadSeries {
  const files: FileRef[] = [0, 1, 2].map((i) => ({ name: `${i}.dcm`, size: 1 }));
  return {
    type: 'dcm',
    cnt: 3,
    numberOfFrames: 1,
    transferSyntaxUID: '1.2.840.10008.1.2.1',
    files,
    windowCenter: 40,
    windowWidth: 400,
    modalityCode: 'CT',
    SOPClassUID: null,
    ...overrides,
  } as UploadSeries;
}

/** A pool that answers from a script and records the jobs it was given. */
function fakePool(answer: (job: PreviewJob) => RenderResult | ConvertResult) {
  const jobs: PreviewJob[] = [];
  const pool = {
    run: vi.fn(async (job: PreviewJob) => {
      jobs.push(job);
      return answer(job);
    }),
    terminate: vi.fn(),
  } as unknown as PreviewPool;
  return { pool, jobs };
}

const filesFor = (s: UploadSeries) => {
  const map = new Map(s.files.map((ref) => [ref, new File(['x'], ref.name)]));
  return (ref: FileRef) => map.get(ref);
};
const signal = () => new AbortController().signal;

describe('createPreviewService', () => {
  it('decodes the file of the slice natively, once per slice', async () => {
    const { pool, jobs } = fakePool(() => ({ ok: true, png, slices: 1 }));
    const s = series({});
    const service = createPreviewService(pool, filesFor(s));
    expect(await service.preview(s, 2, signal())).toEqual({ kind: 'image', png, slices: null });
    await service.preview(s, 2, signal());
    expect(jobs).toEqual([
      {
        type: 'dicom',
        file: expect.objectContaining({ name: '2.dcm' }),
        frame: 0,
        maxInflatedBytes: UPLOAD_LIMITS.defaultMaxFileBytes,
      },
    ]);
  });

  it('converts a compressed series once, then slices the NIfTI with the series window', async () => {
    const { pool, jobs } = fakePool((job) =>
      job.type === 'convert' ? { ok: true, nifti } : { ok: true, png, slices: 35 },
    );
    const s = series({ transferSyntaxUID: '1.2.840.10008.1.2.4.90' });
    const service = createPreviewService(pool, filesFor(s));
    expect(service.needsConversion(s)).toBe(true);
    expect(await service.preview(s, 0, signal())).toEqual({ kind: 'image', png, slices: 35 });
    await service.preview(s, 20, signal());
    expect(jobs.map((job) => job.type)).toEqual(['convert', 'nifti', 'nifti']);
    expect(jobs[1]).toMatchObject({ file: nifti, display: { low: -160, high: 240 } });
    expect(service.needsConversion(s)).toBe(false);
  });

  it('falls back to dcm2niix for encapsulated data, and maps failures to the spec placeholders', async () => {
    const { pool, jobs } = fakePool((job) =>
      job.type === 'dicom'
        ? { ok: false, reason: 'encapsulated', error: 'RLE' }
        : { ok: false, reason: 'error', error: 'DUPLICATES REMOVED' },
    );
    const s = series({});
    const service = createPreviewService(pool, filesFor(s));
    expect(await service.preview(s, 0, signal())).toMatchObject({ kind: 'placeholder', text: 'Error' });
    expect(jobs.map((job) => job.type)).toEqual(['dicom', 'convert']);
    const gone = createPreviewService(pool, () => undefined);
    expect(await gone.preview(s, 0, signal())).toMatchObject({ kind: 'placeholder', text: 'No image' });
  });
});
