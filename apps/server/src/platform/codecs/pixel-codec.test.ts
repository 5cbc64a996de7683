import dcmjs, { type DicomDataset } from 'dcmjs';
import codecs from 'dcmjs-codecs';
import { describe, expect, it } from 'vitest';
import { readCorpusFile } from '../../../test/corpus';
import { CodecError, canDecode, decodeFrame, encodeJpeg, type PixelDescription } from './pixel-codec';

/** Real compressed corpus files, each beside the uncompressed file holding the same pixels. */
const LOSSLESS: [string, string, string][] = [
  ['RLE', 'dicom/pydicom/MR_small_RLE.dcm', 'dicom/pydicom/MR_small.dcm'],
  ['JPEG-LS', 'dicom/pydicom/MR_small_jpeg_ls_lossless.dcm', 'dicom/pydicom/MR_small.dcm'],
  ['JPEG 2000', 'dicom/pydicom/MR_small_jp2klossless.dcm', 'dicom/pydicom/MR_small.dcm'],
  ['JPEG lossless SV1', 'dicom/dcm_qa_ts/5.dcm', 'dicom/dcm_qa_ts/1.dcm'],
  ['RLE, 10 frames', 'dicom/pydicom-data/emri_small_RLE.dcm', 'dicom/pydicom-data/emri_small.dcm'],
  [
    'JPEG-LS, 10 frames',
    'dicom/pydicom-data/emri_small_jpeg_ls_lossless.dcm',
    'dicom/pydicom-data/emri_small.dcm',
  ],
  [
    'JPEG 2000, 10 frames',
    'dicom/pydicom-data/emri_small_jpeg_2k_lossless.dcm',
    'dicom/pydicom-data/emri_small.dcm',
  ],
];

const int = (dict: DicomDataset, tag: string) => Number(dict[tag]?.Value?.[0] ?? 0);

function read(file: string) {
  const parsed = dcmjs.data.DicomMessage.readFile(readCorpusFile(file).slice().buffer);
  const { dict } = parsed;
  const pixel: PixelDescription = {
    rows: int(dict, '00280010'),
    columns: int(dict, '00280011'),
    samplesPerPixel: int(dict, '00280002'),
    bitsAllocated: int(dict, '00280100'),
    bitsStored: int(dict, '00280101'),
    pixelRepresentation: int(dict, '00280103'),
    planarConfiguration: int(dict, '00280006'),
    photometricInterpretation: String(dict['00280004']?.Value?.[0]),
  };
  const buffers = (dict['7FE00010']?.Value ?? []) as ArrayBuffer[];
  const count = int(dict, '00280008') || 1;
  const frames =
    count === 1
      ? [Buffer.concat(buffers.map((b) => new Uint8Array(b)))]
      : buffers.map((b) => new Uint8Array(b));
  return { syntax: String(parsed.meta['00020010']?.Value?.[0]), pixel, frames, count };
}

describe('decodeFrame', () => {
  it.each(LOSSLESS)(
    'decodes %s to the very pixels of the uncompressed file',
    async (_, compressed, plain) => {
      const source = read(compressed);
      const expected = Buffer.concat(read(plain).frames);
      const size = expected.length / source.count;
      for (const [i, frame] of source.frames.entries()) {
        const decoded = await decodeFrame(frame, source.syntax, source.pixel);
        expect(Buffer.from(decoded.pixels).equals(expected.subarray(i * size, (i + 1) * size))).toBe(true);
        expect(decoded.photometricInterpretation).toBe('MONOCHROME2');
      }
    },
  );

  it('decodes HTJ2K lossless frames to the very pixels encoded', async () => {
    const plain = read('dicom/pydicom/MR_small.dcm');
    const [pixels = new Uint8Array(0)] = plain.frames;
    const p = plain.pixel;
    // dcmtk writes no HTJ2K: the frame is encoded with OpenJPH, which the decoder shares.
    await codecs.NativeCodecs.initializeAsync();
    const encoded = codecs.NativeCodecs.encodeHtJpeg2000(
      new codecs.Context({
        width: p.columns,
        height: p.rows,
        bitsAllocated: p.bitsAllocated,
        bitsStored: p.bitsStored,
        samplesPerPixel: 1,
        pixelRepresentation: p.pixelRepresentation,
        planarConfiguration: 0,
        photometricInterpretation: 'MONOCHROME2',
        decodedBuffer: pixels,
      }),
      { lossy: false },
    ).getEncodedBuffer();
    const decoded = await decodeFrame(encoded ?? new Uint8Array(0), '1.2.840.10008.1.2.4.201', p);
    expect(Buffer.from(decoded.pixels).equals(Buffer.from(pixels))).toBe(true);
  });

  it('decodes colour JPEG baseline (YBR_FULL_422) to interleaved RGB', async () => {
    const source = read('dicom/pydicom/examples_ybr_color.dcm');
    expect(source.pixel.photometricInterpretation).toBe('YBR_FULL_422');
    const decoded = await decodeFrame(source.frames[0] ?? new Uint8Array(0), source.syntax, source.pixel);
    expect(decoded.pixels.length).toBe(240 * 320 * 3);
    expect(decoded.photometricInterpretation).toBe('RGB');
    expect(decoded.planarConfiguration).toBe(0);
  });

  it('decodes in a thread of its own: the event loop turns while a large JPEG 2000 frame decodes', async () => {
    const source = read('dicom/pydicom-data/MR2_J2KR.dcm');
    const expected = Buffer.concat(read('dicom/pydicom-data/MR2_UNCR.dcm').frames);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    const decoded = await decodeFrame(source.frames[0] ?? new Uint8Array(0), source.syntax, source.pixel);
    const took = performance.now() - started;
    clearInterval(timer);
    expect(Buffer.from(decoded.pixels).equals(expected)).toBe(true);
    // 1024 x 1024: hundreds of milliseconds, during which the timer must have run many times.
    expect(ticks).toBeGreaterThanOrEqual(Math.min(30, Math.floor(took / 20)));
  });

  it('refuses a syntax it has no decoder for, and bytes that are not a frame', async () => {
    const { pixel } = read('dicom/pydicom/MR_small_RLE.dcm');
    expect(canDecode('1.2.840.10008.1.2.4.110')).toBe(false);
    await expect(decodeFrame(new Uint8Array(8), '1.2.840.10008.1.2.4.110', pixel)).rejects.toBeInstanceOf(
      CodecError,
    );
    await expect(
      decodeFrame(new Uint8Array([1, 2, 3, 4]), '1.2.840.10008.1.2.4.80', pixel),
    ).rejects.toBeInstanceOf(CodecError);
  });
});

describe('encodeJpeg', () => {
  it('writes a baseline JPEG that decodes back within a few grey levels', async () => {
    const width = 64;
    const height = 48;
    const grey = new Uint8Array(width * height);
    for (let i = 0; i < grey.length; i++) grey[i] = (i % width) * 4;
    const rgb = new Uint8Array(width * height * 3).map((_, i) => grey[Math.floor(i / 3)] ?? 0);
    const jpeg = await encodeJpeg(rgb, { width, height, samples: 3 }, 90);
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const back = await decodeFrame(jpeg, '1.2.840.10008.1.2.4.50', {
      rows: height,
      columns: width,
      samplesPerPixel: 3,
      bitsAllocated: 8,
      bitsStored: 8,
      pixelRepresentation: 0,
      planarConfiguration: 0,
      photometricInterpretation: 'YBR_FULL_422',
    });
    const worst = Math.max(...back.pixels.map((v, i) => Math.abs(v - (rgb[i] ?? 0))));
    expect(worst).toBeLessThanOrEqual(8);
  });
});
