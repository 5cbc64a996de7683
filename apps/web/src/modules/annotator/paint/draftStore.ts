/**
 * Unsaved mask edits kept in the browser's IndexedDB, one draft per segmentation, until saved: a reload
 * of the tab (or a crash) loses no stroke. The whole mask file is kept, with the revision it was based on.
 */
export interface MaskDraft {
  base: number;
  bytes: Uint8Array<ArrayBuffer>;
}

const DB = 'voxa-annotator';
const STORE = 'mask-drafts';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  });
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = act(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    });
  } finally {
    db.close();
  }
}

/** Drafts are per team host and segmentation: ids are unique across teams, the host keeps users apart. */
const key = (segmentationId: number) => `${location.host}:${segmentationId}`;

export const draftStore = {
  get: (segmentationId: number) =>
    run<MaskDraft | undefined>(
      'readonly',
      (s) => s.get(key(segmentationId)) as IDBRequest<MaskDraft | undefined>,
    ),
  put: (segmentationId: number, draft: MaskDraft) =>
    run('readwrite', (s) => s.put(draft, key(segmentationId))),
  remove: (segmentationId: number) => run('readwrite', (s) => s.delete(key(segmentationId))),
};
