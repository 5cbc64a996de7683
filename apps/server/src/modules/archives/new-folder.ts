import { mkdir, rm } from 'node:fs/promises';

/**
 * Runs `fill` on `folder`, made for it (a new folder): when `fill` fails the folder is removed, so nothing
 * of a refused archive stays.
 */
export async function intoNewFolder<T>(folder: string, fill: () => Promise<T>): Promise<T> {
  await mkdir(folder, { recursive: true });
  try {
    return await fill();
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}
