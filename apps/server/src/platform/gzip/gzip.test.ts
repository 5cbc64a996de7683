import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { GZIP_DAMAGED_ERROR, GzipError, gzipTooLargeError } from '@voxa/imaging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipFileThrough, maybeGunzip } from '.';

const MiB = 1024 * 1024;
const text = new TextEncoder().encode('voxa '.repeat(10_000));
const packed = new Uint8Array(gzipSync(text));
const bomb = new Uint8Array(gzipSync(new Uint8Array(64 * MiB)));

let folder: string;
const fileOf = async (name: string, bytes: Uint8Array) => {
  const file = path.join(folder, name);
  await writeFile(file, bytes);
  return file;
};
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'voxa-gzip-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('maybeGunzip (server)', () => {
  it('inflates gzip to its exact bytes, as a plain Uint8Array, and gives other bytes back as they are', async () => {
    const inflated = await maybeGunzip(packed, MiB);
    expect(inflated.constructor).toBe(Uint8Array);
    expect(Buffer.compare(inflated, text)).toBe(0);
    expect(await maybeGunzip(text, 10)).toBe(text);
  });

  it("refuses a bomb past the bound and damaged data, in the package's words", async () => {
    await expect(maybeGunzip(bomb, 4 * MiB)).rejects.toThrow(new GzipError(gzipTooLargeError(4 * MiB)));
    await expect(maybeGunzip(packed.slice(0, packed.length - 20), MiB)).rejects.toThrow(GZIP_DAMAGED_ERROR);
  });
});

describe('gunzipFileThrough', () => {
  it('streams the inflated chunks through the sink and answers their size', async () => {
    const chunks: Uint8Array[] = [];
    const size = await gunzipFileThrough(await fileOf('text.gz', packed), async (chunk) => {
      chunks.push(chunk);
    });
    expect(size).toBe(text.length);
    expect(Buffer.compare(Buffer.concat(chunks), text)).toBe(0);
  });

  it("stops at the sink's refusal and throws it, many times over without an unheard error", async () => {
    const file = await fileOf('bomb.gz', bomb);
    for (let round = 0; round < 20; round++) {
      let seen = 0;
      const stopped = gunzipFileThrough(file, async (chunk) => {
        seen += chunk.length;
        if (seen > MiB) throw new Error('enough');
      });
      await expect(stopped).rejects.toThrow('enough');
    }
  });

  it('reports cut-short and corrupt data as damaged', async () => {
    const cut = await fileOf('cut.gz', packed.slice(0, packed.length - 20));
    const corrupt = packed.slice();
    corrupt[20] = (corrupt[20] ?? 0) ^ 0xff;
    for (const file of [cut, await fileOf('corrupt.gz', corrupt)])
      await expect(gunzipFileThrough(file, async () => undefined)).rejects.toThrow(GZIP_DAMAGED_ERROR);
  });
});
