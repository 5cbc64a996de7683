import dcmjs from 'dcmjs';
import codecs from 'dcmjs-codecs';
import { describe, expect, it } from 'vitest';
import { readCorpusFile } from '../../../test/corpus';
import { instanceIn } from './transcode';
import { EXPLICIT_VR_LITTLE_ENDIAN as EXPLICIT } from './wado-accept';

const read = (bytes: Uint8Array) => dcmjs.data.DicomMessage.readFile(new Uint8Array(bytes).buffer);
const pixelsOf = (bytes: Uint8Array) =>
  Buffer.concat(((read(bytes).dict['7FE00010']?.Value ?? []) as ArrayBuffer[]).map((b) => new Uint8Array(b)));
const syntaxOf = (bytes: Uint8Array) => String(read(bytes).meta['00020010']?.Value?.[0]);

describe('instanceIn', () => {
  it('keeps the very bytes for * and for the stored syntax', async () => {
    const rle = readCorpusFile('dicom/pydicom/MR_small_RLE.dcm');
    expect(await instanceIn(rle, '1.2.840.10008.1.2.5', '*')).toBe(rle);
    expect(await instanceIn(rle, '1.2.840.10008.1.2.5', '1.2.840.10008.1.2.5')).toBe(rle);
  });

  it('rewrites an HTJ2K instance as Explicit VR Little Endian with the source pixels', async () => {
    // dcmtk writes no HTJ2K and dcm2niix converts none (so no series of it is served yet): made here.
    await codecs.NativeCodecs.initializeAsync();
    const plain = readCorpusFile('dicom/pydicom/MR_small.dcm');
    const transcoder = new codecs.Transcoder(new Uint8Array(plain).buffer);
    transcoder.transcode('1.2.840.10008.1.2.4.201');
    const htj2k = new Uint8Array(transcoder.getDicomPart10());
    expect(syntaxOf(htj2k)).toBe('1.2.840.10008.1.2.4.201');
    const served = await instanceIn(htj2k, '1.2.840.10008.1.2.4.201', EXPLICIT);
    expect(syntaxOf(served)).toBe(EXPLICIT);
    expect(pixelsOf(served).equals(pixelsOf(plain))).toBe(true);
  });

  it('rewrites colour JPEG baseline as RGB, and an implicit little endian file as explicit', async () => {
    const ybr = readCorpusFile('dicom/pydicom/examples_ybr_color.dcm');
    const served = await instanceIn(ybr, '1.2.840.10008.1.2.4.50', EXPLICIT);
    const { dict } = read(served);
    expect(dict['00280004']?.Value?.[0]).toBe('RGB');
    expect(dict['00280006']?.Value?.[0]).toBe(0);
    expect(pixelsOf(served).length).toBe(30 * 240 * 320 * 3);
    const implicit = readCorpusFile('dicom/pydicom/MR_small_implicit.dcm');
    const explicit = await instanceIn(implicit, '1.2.840.10008.1.2', EXPLICIT);
    expect(syntaxOf(explicit)).toBe(EXPLICIT);
    expect(pixelsOf(explicit).equals(pixelsOf(readCorpusFile('dicom/pydicom/MR_small.dcm')))).toBe(true);
  });

  it('rewrites big endian and deflated files as Explicit VR Little Endian, pixels swapped to little endian', async () => {
    for (const [file, syntax, source] of [
      ['dicom/pydicom/MR_small_bigendian.dcm', '1.2.840.10008.1.2.2', 'dicom/pydicom/MR_small.dcm'],
      ['dicom/dcm_qa_ts/3.dcm', '1.2.840.10008.1.2.2', 'dicom/dcm_qa_ts/1.dcm'],
      ['dicom/pydicom/image_dfl.dcm', '1.2.840.10008.1.2.1.99', 'dicom/pydicom/image_dfl.dcm'],
    ] as const) {
      const served = await instanceIn(readCorpusFile(file), syntax, EXPLICIT);
      expect(syntaxOf(served)).toBe(EXPLICIT);
      expect(pixelsOf(served).equals(pixelsOf(readCorpusFile(source)))).toBe(true);
    }
  });

  it('answers 406 for a frame its codec cannot read', async () => {
    const rle = readCorpusFile('dicom/pydicom/MR_small_RLE.dcm');
    // Labelled JPEG-LS, the RLE frame is bytes CharLS refuses.
    await expect(instanceIn(rle, '1.2.840.10008.1.2.4.80', EXPLICIT)).rejects.toMatchObject({ status: 406 });
  });
});
