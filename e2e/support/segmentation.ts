import type { Page } from 'playwright-core';
import { apiOk } from './apiCall';

/**
 * A segmentation of the series with one segment and its empty mask, made through the API as the organize
 * panel makes them, for stories whose subject comes after that.
 */
export async function segmentationWithEmptyMask<T extends { id: number }>(
  page: Page,
  seriesUuid: string,
  body: { structure: string; rbac?: number },
): Promise<T> {
  const made = await apiOk<T>(page, 'POST', `/annotator/segmentations/${seriesUuid}`, body, 201);
  await apiOk(page, 'POST', `/annotator/segment/create/${seriesUuid}/${made.id}`, {}, 201);
  const maskStatus = await page.evaluate(
    async (url) =>
      (
        await fetch(url, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${localStorage.getItem('voxa_token') ?? ''}`,
            'X-Requested-With': 'XMLHttpRequest',
          },
        })
      ).status,
    `/svc/v2/create-mask/${seriesUuid}/${made.id}`,
  );
  if (maskStatus !== 201) throw new Error(`POST create-mask answered ${maskStatus}`);
  return made;
}
