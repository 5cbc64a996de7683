import { DICOM_PREFIX_BYTES } from '@voxa/imaging';
import { describe, expect, it } from 'vitest';
import { entryFile, readEntry } from './read-entry';

const fileOf = (size: number) => new File([Uint8Array.from({ length: size }, (_, i) => i % 251)], 'x.dcm');

describe('readEntry', () => {
  it('reads a DICOM file that fits in the prefix whole, and hands no File over', async () => {
    const entry = await readEntry(fileOf(1000), 'dcm');
    expect(entry).toMatchObject({ type: 'dcm', size: 1000, file: null });
    expect(entry.bytes?.byteLength).toBe(1000);
  });

  it('reads the prefix of a longer DICOM file, and hands the File over for the rest', async () => {
    const file = fileOf(DICOM_PREFIX_BYTES + 10);
    const entry = await readEntry(file, 'dcm');
    expect(entry.bytes?.byteLength).toBe(DICOM_PREFIX_BYTES);
    expect(entry.file).toBe(file);
  });

  it('leaves a NIfTI file to the worker', async () => {
    const file = fileOf(500);
    expect(await readEntry(file, 'nii')).toEqual({ type: 'nii', size: 500, bytes: null, file });
  });
});

describe('entryFile', () => {
  it('serves the prefix from memory and the rest from the File', async () => {
    const file = fileOf(DICOM_PREFIX_BYTES + 10);
    const entry = await readEntry(file, 'dcm');
    const readable = entryFile(entry);
    expect(readable.size).toBe(file.size);
    expect(await readable.slice(0, DICOM_PREFIX_BYTES).arrayBuffer()).toBe(entry.bytes);
    const tail = new Uint8Array(await readable.slice(DICOM_PREFIX_BYTES - 2).arrayBuffer());
    expect(Array.from(tail)).toEqual(
      Array.from({ length: 12 }, (_, i) => (DICOM_PREFIX_BYTES - 2 + i) % 251),
    );
    expect((await readable.arrayBuffer?.())?.byteLength).toBe(file.size);
  });

  it('serves a whole small file from memory without a File behind it', async () => {
    const entry = await readEntry(fileOf(1000), 'dcm');
    expect(await entryFile(entry).arrayBuffer?.()).toBe(entry.bytes);
    expect(new Uint8Array(await entryFile(entry).slice(10, 12).arrayBuffer())).toEqual(
      new Uint8Array([10, 11]),
    );
  });
});
