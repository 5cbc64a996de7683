import { describe, expect, it } from 'vitest';
import { accepts } from './accept';

describe('accepts', () => {
  it('takes a missing Accept, */* and the answer’s own types', () => {
    expect(accepts(undefined, 'multipart-dicom')).toBe(true);
    expect(accepts('*/*', 'dicom-json')).toBe(true);
    expect(accepts('application/dicom+json', 'dicom-json')).toBe(true);
    expect(accepts('application/json', 'dicom-json')).toBe(true);
    expect(accepts('multipart/related; type="application/dicom"', 'multipart-dicom')).toBe(true);
    expect(accepts('multipart/related; type=application/dicom; transfer-syntax=*', 'multipart-dicom')).toBe(
      true,
    );
    expect(accepts('multipart/related', 'multipart-frames')).toBe(true);
    expect(accepts('multipart/related; type="application/octet-stream"', 'multipart-frames')).toBe(true);
  });

  it('refuses a single part, XML and what no range of the header meets', () => {
    expect(accepts('application/dicom', 'multipart-dicom')).toBe(false);
    expect(accepts('multipart/related; type="application/dicom+xml"', 'dicom-json')).toBe(false);
    expect(accepts('application/dicom+xml', 'dicom-json')).toBe(false);
    expect(accepts('image/png', 'multipart-dicom')).toBe(false);
    expect(accepts('multipart/related; type="application/dicom"', 'multipart-frames')).toBe(false);
    expect(accepts('text/html', 'dicom-json')).toBe(false);
  });

  it('reads every range of a list, and q=0 as refused', () => {
    expect(accepts('application/dicom, multipart/related; type="application/dicom"', 'multipart-dicom')).toBe(
      true,
    );
    expect(accepts('application/dicom+json;q=0, text/html', 'dicom-json')).toBe(false);
  });
});
