import { describe, expect, it } from 'vitest';
import { canServe, servedSyntax } from './transcode';
import { acceptedRendered, acceptedSyntaxes, EXPLICIT_VR_LITTLE_ENDIAN as EXPLICIT } from './wado-accept';

const RLE = '1.2.840.10008.1.2.5';
const J2K = '1.2.840.10008.1.2.4.90';
const JPEG_XL = '1.2.840.10008.1.2.4.110';

describe('acceptedSyntaxes', () => {
  it('defaults to Explicit VR Little Endian when the header names no transfer syntax', () => {
    expect(acceptedSyntaxes(undefined, 'application/dicom')).toEqual([EXPLICIT]);
    expect(acceptedSyntaxes('*/*', 'application/dicom')).toEqual([EXPLICIT]);
    expect(acceptedSyntaxes('multipart/related; type="application/dicom"', 'application/dicom')).toEqual([
      EXPLICIT,
    ]);
  });

  it('reads the transfer-syntax parameter, quoted or not, in q order', () => {
    expect(
      acceptedSyntaxes(
        'multipart/related; type=application/octet-stream; transfer-syntax=*',
        'application/octet-stream',
      ),
    ).toEqual(['*']);
    expect(
      acceptedSyntaxes(
        `multipart/related; type="application/dicom"; transfer-syntax=${J2K}; q=0.5, multipart/related; type="application/dicom"; transfer-syntax=${RLE}`,
        'application/dicom',
      ),
    ).toEqual([RLE, J2K]);
  });

  it('leaves out ranges of another part type and q=0', () => {
    expect(
      acceptedSyntaxes('multipart/related; type="application/octet-stream"', 'application/dicom'),
    ).toEqual([]);
    expect(acceptedSyntaxes('application/json', 'application/dicom')).toEqual([]);
    expect(acceptedSyntaxes('*/*; q=0', 'application/dicom')).toEqual([]);
  });
});

describe('servedSyntax', () => {
  it('serves as stored for * and its own syntax, decodes to Explicit VR Little Endian, else 406', () => {
    expect(canServe(RLE, '*')).toBe(true);
    expect(canServe(RLE, RLE)).toBe(true);
    expect(canServe(RLE, EXPLICIT)).toBe(true);
    expect(canServe('1.2.840.10008.1.2', EXPLICIT)).toBe(true);
    expect(canServe(EXPLICIT, J2K)).toBe(false);
    expect(canServe(JPEG_XL, EXPLICIT)).toBe(false);
    expect(servedSyntax([RLE, EXPLICIT], [J2K, EXPLICIT])).toBe(EXPLICIT);
    expect(() => servedSyntax([EXPLICIT], [J2K])).toThrow(expect.objectContaining({ status: 406 }));
    expect(() => servedSyntax([JPEG_XL], [EXPLICIT])).toThrow(expect.objectContaining({ status: 406 }));
  });
});

describe('acceptedRendered', () => {
  it('prefers what the header asks for among PNG and JPEG, PNG for any image', () => {
    expect(acceptedRendered(undefined)).toBe('image/png');
    expect(acceptedRendered('image/jpeg')).toBe('image/jpeg');
    expect(acceptedRendered('image/png;q=0.5, image/jpeg')).toBe('image/jpeg');
    expect(acceptedRendered('multipart/related; type="image/jpeg"')).toBe('image/jpeg');
    expect(acceptedRendered('image/*')).toBe('image/png');
    expect(acceptedRendered('image/gif')).toBeNull();
  });
});
