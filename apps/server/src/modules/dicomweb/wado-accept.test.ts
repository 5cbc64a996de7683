import { describe, expect, it } from 'vitest';
import { canServe, servedAs } from './transcode';
import { acceptedRendered, acceptedSyntaxes, EXPLICIT_VR_LITTLE_ENDIAN as EXPLICIT } from './wado-accept';

const RLE = '1.2.840.10008.1.2.5';
const JLS = '1.2.840.10008.1.2.4.80';
const J2K = '1.2.840.10008.1.2.4.90';
const JPEG_XL = '1.2.840.10008.1.2.4.110';
const DICOM = 'application/dicom';
const OCTETS = 'application/octet-stream';
const as = (syntax: string, type = DICOM) => ({ type, syntax });

describe('acceptedSyntaxes', () => {
  it('defaults to Explicit VR Little Endian when the header names no transfer syntax', () => {
    expect(acceptedSyntaxes(undefined, DICOM)).toEqual([as(EXPLICIT)]);
    expect(acceptedSyntaxes('*/*', DICOM)).toEqual([as(EXPLICIT)]);
    expect(acceptedSyntaxes('multipart/related; type="application/dicom"', DICOM)).toEqual([as(EXPLICIT)]);
  });

  it('reads the transfer-syntax parameter, quoted or not, in q order', () => {
    expect(
      acceptedSyntaxes('multipart/related; type=application/octet-stream; transfer-syntax=*', OCTETS),
    ).toEqual([as('*', OCTETS)]);
    expect(
      acceptedSyntaxes(
        `multipart/related; type="application/dicom"; transfer-syntax=${J2K}; q=0.5, multipart/related; type="application/dicom"; transfer-syntax=${RLE}`,
        DICOM,
      ),
    ).toEqual([as(RLE), as(J2K)]);
  });

  it('takes the compressed image types for frames only', () => {
    const jls =
      'multipart/related; type="image/jls", multipart/related; type="application/octet-stream"; q=0.1';
    expect(acceptedSyntaxes(jls, OCTETS)).toEqual([as('*', 'image/jls'), as(EXPLICIT, OCTETS)]);
    expect(acceptedSyntaxes('multipart/related; type="image/jls"', DICOM)).toEqual([]);
  });

  it('leaves out ranges of another part type and q=0', () => {
    expect(acceptedSyntaxes('multipart/related; type="application/octet-stream"', DICOM)).toEqual([]);
    expect(acceptedSyntaxes('application/json', DICOM)).toEqual([]);
    expect(acceptedSyntaxes('*/*; q=0', DICOM)).toEqual([]);
  });
});

describe('servedAs', () => {
  it('serves as stored for * and its own syntax, decodes to Explicit VR Little Endian, else 406', () => {
    expect(canServe(RLE, as('*'))).toBe(true);
    expect(canServe(RLE, as(RLE))).toBe(true);
    expect(canServe(RLE, as(EXPLICIT))).toBe(true);
    expect(canServe('1.2.840.10008.1.2', as(EXPLICIT))).toBe(true);
    expect(canServe(EXPLICIT, as(J2K))).toBe(false);
    expect(canServe(JPEG_XL, as(EXPLICIT))).toBe(false);
    expect(servedAs([RLE, EXPLICIT], [as(J2K), as(EXPLICIT)])).toEqual(as(EXPLICIT));
    expect(() => servedAs([EXPLICIT], [as(J2K)])).toThrow(expect.objectContaining({ status: 406 }));
    expect(() => servedAs([JPEG_XL], [as(EXPLICIT)])).toThrow(expect.objectContaining({ status: 406 }));
  });

  it('serves an image type only for frames stored in a syntax of that kind', () => {
    expect(canServe(JLS, as('*', 'image/jls'))).toBe(true);
    expect(canServe(JLS, as(JLS, 'image/jls'))).toBe(true);
    expect(canServe(RLE, as('*', 'image/jls'))).toBe(false);
    expect(canServe(EXPLICIT, as('*', 'image/jls'))).toBe(false);
    expect(servedAs([RLE], [as('*', 'image/jls'), as(EXPLICIT, OCTETS)])).toEqual(as(EXPLICIT, OCTETS));
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
