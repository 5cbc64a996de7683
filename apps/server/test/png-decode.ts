import { crc32, inflateSync } from 'node:zlib';

export interface DecodedPng {
  width: number;
  height: number;
  rgba: Uint8Array;
}

/**
 * Decodes what the server's encoder writes (8-bit RGBA, not interlaced, row filter none), checking every
 * chunk's CRC; throws on anything else. Tests use it to look inside previews.
 */
export function decodePng(file: Uint8Array): DecodedPng {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (!bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    throw new Error('Not a PNG signature');
  let offset = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  for (;;) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length))
      throw new Error(`Bad CRC in ${type}`);
    offset += 12 + length;
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[9] !== 6 || body[12] !== 0) throw new Error('Not 8-bit RGBA, or interlaced');
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 4;
  if (raw.length !== (stride + 1) * height) throw new Error('Image data of the wrong length');
  const rgba = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    if (raw[y * (stride + 1)] !== 0) throw new Error('Row filters other than none are not read here');
    rgba.set(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)), y * stride);
  }
  return { width, height, rgba };
}
