import type { Page } from 'playwright-core';
import { importLabelMap, type ImportedSegmentation } from './labelMap';
import { thresholdLabelMap, type ThresholdLabel } from './thresholdMask';

/**
 * A segmentation of converted series `seriesUuid` made by thresholds on its first volume (GET
 * /svc/v2/volume), imported as a shared label map of `structure` with `importLabelMap`; its segments are
 * then titled `titles` (value -> title).
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
  return importLabelMap(page, baseUrl, team, seriesUuid, structure, map, titles);
}
