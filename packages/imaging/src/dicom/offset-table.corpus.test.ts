import { describe, expect, it } from 'vitest';
import { readTestFile } from '../../test/manifest';
import { withEmptyOffsetTable } from './offset-table';
import { parseDataSet } from './read-header';
import { TAG } from './tags';

const XA = 'dicom/tensorflow-io/XA-MONO2-8-12x-catheter.dcm';

/** The encapsulated Pixel Data as dicom-parser reads it: the offset table and the fragments. */
function encapsulated(bytes: Uint8Array) {
  const parsed = parseDataSet(bytes);
  if (!parsed.ok) throw new Error(parsed.error);
  const pixels = parsed.ds.elements[TAG.PixelData];
  const fragments = (pixels?.fragments ?? []).map((f) => bytes.subarray(f.position, f.position + f.length));
  return { ds: parsed.ds, table: pixels?.basicOffsetTable ?? [], fragments };
}

describe('withEmptyOffsetTable', () => {
  it('empties the 12-entry table of the XA cine run and keeps every frame’s bytes', () => {
    const original = readTestFile(XA);
    const result = withEmptyOffsetTable(original);
    if (!result) throw new Error('not rewritten');
    const emptied = result.bytes;
    expect(result.frames).toBe(12);
    expect(emptied.length).toBe(original.length - 48);
    const before = encapsulated(original);
    const after = encapsulated(emptied);
    expect(before.table).toHaveLength(12);
    expect(after.table).toEqual([]);
    expect(after.fragments).toHaveLength(12);
    // Compared as bytes: toEqual walks each element of a typed array, seconds on these frames.
    const same = (a: Uint8Array, b: Uint8Array | undefined) => b !== undefined && Buffer.from(a).equals(b);
    after.fragments.forEach((fragment, i) => expect(same(fragment, before.fragments[i])).toBe(true));
    // The retired group length of (7FE0) follows the shorter element.
    expect(after.ds.uint32('x7fe00000')).toBe((before.ds.uint32('x7fe00000') ?? 0) - 48);
    expect(after.ds.string(TAG.SOPInstanceUID)).toBe(before.ds.string(TAG.SOPInstanceUID));
    expect(withEmptyOffsetTable(emptied)).toBeNull();
  });

  it('leaves single-frame, native, non-DICOM files alone', () => {
    expect(withEmptyOffsetTable(readTestFile('dicom/pydicom-data/JPEG-LL.dcm'))).toBeNull();
    expect(withEmptyOffsetTable(readTestFile('dicom/tensorflow-io/CT-MONO2-16-chest.dcm'))).toBeNull();
    expect(withEmptyOffsetTable(new TextEncoder().encode('not dicom'))).toBeNull();
  });
});
