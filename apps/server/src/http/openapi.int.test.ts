import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('OpenAPI document', () => {
  it('is served at /api/docs and matches the committed docs/openapi.json (run `npm run openapi`)', async () => {
    const served = await (await fetch(`${t.url}/api/docs`)).json();
    const committed = JSON.parse(
      await readFile(path.resolve(import.meta.dirname, '../../../../docs/openapi.json'), 'utf8'),
    );
    expect(served).toEqual(committed);
  });
});
