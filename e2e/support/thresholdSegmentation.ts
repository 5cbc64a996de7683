import type { Page } from 'playwright-core';
import { thresholdLabelMap, type ThresholdLabel } from './thresholdMask';

interface ImportedSegmentation {
  id: number;
  segments: { id: number; title: string; value: number }[];
}

/**
 * A segmentation of converted series `seriesUuid` made by thresholds on its first volume, imported as a
 * shared label map of `structure` through the real calls the organize panel makes (GET /svc/v2/volume,
 * POST /svc/v2/import-mask), with the signed-in page's token and team; its segments are then titled
 * `titles` (value -> title) as the annotator renames them. Node does the calls: the page's fetch would
 * carry megabytes through the DevTools protocol.
 */
export async function thresholdSegmentation(
  page: Page,
  /** The base address (Node does not resolve team sub-domains of localhost): the team goes as a header. */
  baseUrl: string,
  team: string,
  seriesUuid: string,
  structure: string,
  labels: readonly ThresholdLabel[],
  titles: Record<number, string>,
): Promise<ImportedSegmentation> {
  const token = await page.evaluate(() => localStorage.getItem('voxa_token') ?? '');
  const headers = { authorization: `Bearer ${token}`, team, 'x-requested-with': 'XMLHttpRequest' };
  const volume = await fetch(`${baseUrl}/svc/v2/volume/${seriesUuid}/0`, { headers });
  if (!volume.ok) throw new Error(`volume: ${volume.status} ${await volume.text()}`);
  const map = thresholdLabelMap(new Uint8Array(await volume.arrayBuffer()), labels);
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
