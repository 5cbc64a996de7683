import { parseDataSet } from './read-header';
import { TAG } from './tags';

const PIXEL_DATA_GROUP_LENGTH = 'x7fe00000';
/** An item's tag (FFFE,E000) and its 4-byte length come before its value. */
const ITEM_HEADER = 8;

export interface EmptiedOffsetTable {
  bytes: Uint8Array;
  /** The file's frames, each one fragment. */
  frames: number;
}

/**
 * A multi-frame file whose encapsulated Pixel Data holds one fragment per frame after a filled Basic
 * Offset Table, with that table emptied (its item kept, of length 0); null for any other file. An empty
 * table is as valid (PS3.5 A.4) and means the same with one fragment per frame, but dcm2niix counts a
 * filled one as a fragment and refuses the file ('Compressed image stored as N fragments'): XA cine runs
 * are stored so (decision 0039).
 */
export function withEmptyOffsetTable(bytes: Uint8Array): EmptiedOffsetTable | null {
  const parsed = parseDataSet(bytes);
  if (!parsed.ok) return null;
  const { ds } = parsed;
  const pixels = ds.elements[TAG.PixelData];
  const frames = ds.intString(TAG.NumberOfFrames) ?? 1;
  if (!pixels?.hadUndefinedLength || frames <= 1 || pixels.fragments?.length !== frames) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const item = pixels.dataOffset;
  if (view.getUint32(item, true) !== 0xe000fffe) return null;
  const tableLength = view.getUint32(item + 4, true);
  if (tableLength === 0) return null;
  const out = new Uint8Array(bytes.length - tableLength);
  out.set(bytes.subarray(0, item + 4));
  out.set(bytes.subarray(item + ITEM_HEADER + tableLength), item + ITEM_HEADER);
  // A retired group length, where a writer kept one, must still count the group's bytes.
  const groupLength = ds.elements[PIXEL_DATA_GROUP_LENGTH];
  if (groupLength?.length === 4) {
    const at = new DataView(out.buffer);
    at.setUint32(groupLength.dataOffset, at.getUint32(groupLength.dataOffset, true) - tableLength, true);
  }
  return { bytes: out, frames };
}
