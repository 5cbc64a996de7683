import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDb } from '../platform/db';

/** Writes docs/openapi.json from the contracts, so a change to the API shows in review. */
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  DATABASE_URL: undefined,
  REDIS_URL: undefined,
});
const db = await openDb({});
const app = await buildApp({ config, db });
await app.ready();
const target = path.resolve(import.meta.dirname, '../../../../docs/openapi.json');
await writeFile(target, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await db.destroy();
console.log(`wrote ${target}`);
