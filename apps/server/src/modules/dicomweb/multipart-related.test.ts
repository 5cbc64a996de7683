import { describe, expect, it } from 'vitest';
import {
  mediaTypeParameters,
  MultipartError,
  parseMultipartRelated,
  readMultipartRelated,
  streamMultipartRelated,
  writeMultipartRelated,
} from './multipart-related';

const body = (text: string) => Buffer.from(text, 'latin1');

describe('mediaTypeParameters', () => {
  it('reads the type and quoted parameters, a semicolon inside quotes included', () => {
    expect(mediaTypeParameters('Multipart/Related; type="application/dicom; x=1"; Boundary=abc')).toEqual({
      type: 'multipart/related',
      params: { type: 'application/dicom; x=1', boundary: 'abc' },
    });
  });
});

describe('parseMultipartRelated', () => {
  const type = 'multipart/related; type="application/dicom"; boundary=XyZ';

  it('gives each part its headers and exact bytes, binary and CRLF inside included', () => {
    const text =
      'preamble\r\n--XyZ\r\nContent-Type: application/dicom\r\n\r\nA\r\nB\x00\xff\r\n' +
      '--XyZ\r\ncontent-type: application/dicom\r\nContent-Location: x\r\n\r\nsecond\r\n--XyZ--\r\n';
    const parts = parseMultipartRelated(body(text), type);
    expect(parts).toHaveLength(2);
    expect(parts[0]?.headers['content-type']).toBe('application/dicom');
    expect(parts[0]?.body.toString('latin1')).toBe('A\r\nB\x00\xff');
    expect(parts[1]?.headers['content-location']).toBe('x');
    expect(parts[1]?.body.toString()).toBe('second');
  });

  it('accepts a part without headers and a body without parts', () => {
    expect(parseMultipartRelated(body('--XyZ\r\n\r\nraw\r\n--XyZ--'), type)[0]?.body.toString()).toBe('raw');
    expect(parseMultipartRelated(body('--XyZ--\r\n'), type)).toEqual([]);
  });

  it('refuses another type, a missing boundary and an unclosed part', () => {
    expect(() => parseMultipartRelated(body('x'), 'application/json')).toThrow(MultipartError);
    expect(() => parseMultipartRelated(body('x'), 'multipart/related')).toThrow(MultipartError);
    expect(() => parseMultipartRelated(body('no boundary here'), type)).toThrow(MultipartError);
    expect(() => parseMultipartRelated(body('--XyZ\r\n\r\nnever closed'), type)).toThrow(MultipartError);
  });
});

describe('readMultipartRelated', () => {
  const type = 'multipart/related; type="application/dicom"; boundary=XyZ';
  const text =
    'pre\r\n--XyZ\r\nContent-Type: application/dicom\r\n\r\nA\r\n--XyB\x00\xff\r\n--XyZ  \r\n\r\n' +
    '\r\n--XyZ\r\nContent-Location: x\r\n\r\nsecond\r\n--XyZ--\r\nepilogue';
  const whole = parseMultipartRelated(body(text), type).map((p) => [p.headers, p.body.toString('latin1')]);

  async function* chunks(bytes: Buffer, size: number) {
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
  }
  const read = async (bytes: Buffer, size: number) => {
    const parts = [];
    for await (const p of readMultipartRelated(chunks(bytes, size), type))
      parts.push([p.headers, p.body.toString('latin1')]);
    return parts;
  };

  it('finds the same parts whatever the chunks the body arrives in', async () => {
    expect(whole).toEqual([
      [{ 'content-type': 'application/dicom' }, 'A\r\n--XyB\x00\xff'],
      [{}, ''],
      [{ 'content-location': 'x' }, 'second'],
    ]);
    for (let size = 1; size <= text.length; size += 1) expect(await read(body(text), size)).toEqual(whole);
  });

  it('refuses a body cut inside a part, and headers that never end', async () => {
    await expect(read(body(text.slice(0, 60)), 7)).rejects.toThrow('A multipart part is not closed.');
    await expect(read(body('--XyZ\r\nContent-Type: a'), 3)).rejects.toThrow('no header end');
    const endless = Buffer.concat([body('--XyZ\r\nX-Long: '), Buffer.alloc(70_000, 0x61)]);
    await expect(read(endless, 4096)).rejects.toThrow('no header end');
  });

  it('finds the first boundary after a long preamble', async () => {
    const preamble = Buffer.concat([Buffer.alloc(1_000_000, 0x2d), body('\r\n--XyZ\r\n\r\nraw\r\n--XyZ--')]);
    expect(await read(preamble, 1000)).toEqual([[{}, 'raw']]);
  });
});

describe('writeMultipartRelated', () => {
  it('writes parts that parse back to the same bytes', () => {
    const a = new Uint8Array([0, 13, 10, 45, 45, 255]);
    const b = Buffer.from('second');
    const written = writeMultipartRelated('application/dicom', [{ body: a }, { body: b }]);
    expect(written.contentType).toMatch(/^multipart\/related; type="application\/dicom"; boundary=voxa-/);
    const parts = parseMultipartRelated(Buffer.concat(written.pieces), written.contentType);
    expect(parts.map((p) => [...p.body])).toEqual([[...a], [...b]]);
    expect(parts[0]?.headers['content-type']).toBe('application/dicom');
  });
});

describe('streamMultipartRelated', () => {
  it('streams the body that writeMultipartRelated writes', async () => {
    async function* parts() {
      yield { body: Buffer.from('one') };
      yield { body: Buffer.from('two'), headers: { 'Content-Location': 'x' } };
    }
    const streamed = streamMultipartRelated('application/dicom', parts(), 'b');
    const chunks: Uint8Array[] = [];
    for await (const chunk of streamed.stream) chunks.push(chunk);
    const written = writeMultipartRelated(
      'application/dicom',
      [{ body: Buffer.from('one') }, { body: Buffer.from('two'), headers: { 'Content-Location': 'x' } }],
      'b',
    );
    expect(Buffer.concat(chunks).equals(Buffer.concat(written.pieces))).toBe(true);
    expect(streamed.contentType).toBe(written.contentType);
  });
});
