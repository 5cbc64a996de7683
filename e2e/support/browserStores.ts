import type { Page } from 'playwright-core';

/**
 * Everything the app keeps in this browser for its origin, as text: localStorage and sessionStorage,
 * every record of every IndexedDB database (a Blob's bytes read as text) and every Cache Storage
 * entry (its URL and body). What a planted-identity search reads after an anonymised upload.
 */
export function browserStoredText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const out: string[] = [];
    const text = async (value: unknown): Promise<string> => {
      if (value instanceof Blob) return new TextDecoder('latin1').decode(await value.arrayBuffer());
      if (value instanceof ArrayBuffer || ArrayBuffer.isView(value))
        return new TextDecoder('latin1').decode(value);
      if (Array.isArray(value)) return (await Promise.all(value.map(text))).join('\n');
      if (value && typeof value === 'object')
        return (
          await Promise.all(Object.entries(value).map(async ([k, v]) => `${k}: ${await text(v)}`))
        ).join('\n');
      return String(value);
    };
    for (const store of [localStorage, sessionStorage])
      for (let i = 0; i < store.length; i += 1) {
        const key = store.key(i) ?? '';
        out.push(key, store.getItem(key) ?? '');
      }
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name ?? '');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const name of Array.from(db.objectStoreNames)) {
        const records = await new Promise<{ keys: unknown[]; values: unknown[] }>((resolve, reject) => {
          const store = db.transaction(name, 'readonly').objectStore(name);
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => resolve({ keys: keys.result, values: values.result });
          values.onerror = () => reject(values.error);
        });
        out.push(`indexedDB ${info.name}/${name}`, await text(records.keys), await text(records.values));
      }
      db.close();
    }
    for (const name of 'caches' in globalThis ? await caches.keys() : []) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        out.push(request.url, (await (await cache.match(request))?.text()) ?? '');
      }
    }
    return out.join('\n');
  });
}
