import { gunzipSync, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/** A segmentation as POST /svc/v2/import-mask answers it. */
export interface ImportedSegmentation {
  id: number;
  structure: { title: string };
  segments: { id: number; title: string; value: number }[];
}

const inflate = (bytes: Uint8Array) =>
  bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : Buffer.from(bytes);

/** The voxels of a uint8 or uint16 NIfTI label map (.nii or .nii.gz bytes), in file order. */
function labelVoxels(bytes: Uint8Array): { nii: Buffer; voxels: Uint8Array | Uint16Array } {
  const nii = inflate(bytes);
  const datatype = nii.readInt16LE(70);
  const offset = nii.readFloatLE(108);
  const count = [1, 2, 3].reduce((n, i) => n * Math.max(1, nii.readInt16LE(40 + 2 * i)), 1);
  if (datatype === 2) return { nii, voxels: new Uint8Array(nii.buffer, nii.byteOffset + offset, count) };
  if (datatype === 512)
    return {
      nii,
      voxels: new Uint16Array(nii.buffer.slice(nii.byteOffset + offset, nii.byteOffset + offset + 2 * count)),
    };
  throw new Error(`label map datatype ${datatype} is not read here`);
}

/** How many voxels hold each non-zero label value. */
export function labelCounts(bytes: Uint8Array): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const v of labelVoxels(bytes).voxels) if (v !== 0) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}

/**
 * A uint8 label map with only the `keep` values (the others become background), gzipped: its header
 * without extensions, the voxels from byte 352.
 */
export function onlyLabels(bytes: Uint8Array, keep: readonly number[]): Buffer {
  const { nii, voxels } = labelVoxels(bytes);
  if (!(voxels instanceof Uint8Array)) throw new Error('only uint8 label maps are filtered here');
  const kept = Buffer.from(voxels.map((v) => (keep.includes(v) ? v : 0)));
  const header = Buffer.alloc(352);
  nii.copy(header, 0, 0, 348);
  header.writeFloatLE(352, 108);
  return gzipSync(Buffer.concat([header, kept]));
}

const headersOf = async (page: Page, team: string) => {
  const token = await page.evaluate(() => localStorage.getItem('voxa_token') ?? '');
  return { authorization: `Bearer ${token}`, team, 'x-requested-with': 'XMLHttpRequest' };
};

/**
 * Imports `map` (a gzipped NIfTI label map on the series' grid) as a segmentation of `structure` through
 * the real call the organize panel makes (POST /svc/v2/import-mask), with the signed-in page's token and
 * team, and titles its segments `titles` (value -> title) as the annotator renames them. Node does the
 * calls: the page's fetch would carry megabytes through the DevTools protocol.
 */
export async function importLabelMap(
  page: Page,
  /** The base address (Node does not resolve team sub-domains of localhost): the team goes as a header. */
  baseUrl: string,
  team: string,
  seriesUuid: string,
  structure: string,
  map: Uint8Array,
  titles: Record<number, string>,
): Promise<ImportedSegmentation> {
  const headers = await headersOf(page, team);
  const imported = await fetch(`${baseUrl}/svc/v2/import-mask/${seriesUuid}?structure=${structure}&rbac=1`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(map),
  });
  if (imported.status !== 201) throw new Error(`import: ${imported.status} ${await imported.text()}`);
  const segmentation = (await imported.json()) as ImportedSegmentation;
  for (const segment of segmentation.segments) {
    const title = titles[segment.value];
    if (title === undefined) continue;
    const path = `/annotator/segment/rename/${seriesUuid}/${segmentation.id}/${segment.id}`;
    const renamed = await fetch(`${baseUrl}/api${path}`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: title }),
    });
    if (!renamed.ok) throw new Error(`rename: ${renamed.status} ${await renamed.text()}`);
    segment.title = title;
  }
  return segmentation;
}

/** The voxels of each label value in a segmentation's saved mask, as GET /svc/v2/mask answers it. */
export async function savedMaskCounts(
  page: Page,
  baseUrl: string,
  team: string,
  seriesUuid: string,
  segmentationId: number,
): Promise<{ revision: number; counts: Record<number, number> }> {
  const res = await fetch(`${baseUrl}/svc/v2/mask/${seriesUuid}/${segmentationId}`, {
    headers: await headersOf(page, team),
  });
  if (!res.ok) throw new Error(`mask: ${res.status} ${await res.text()}`);
  return {
    revision: Number(res.headers.get('x-mask-revision')),
    counts: labelCounts(new Uint8Array(await res.arrayBuffer())),
  };
}
