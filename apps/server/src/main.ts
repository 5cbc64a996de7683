import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { startDimseScp } from './modules/dimse/scp';
import { openDb } from './platform/db';

/**
 * Process roles: `serve` (HTTP API, socket.io and the background jobs: the single-process default),
 * `api` (HTTP and socket.io only), `worker` (background jobs only) and `migrate`.
 */
async function main(role: string | undefined): Promise<void> {
  const config = loadConfig();
  const db = await openDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, 'pglite'),
  });
  if (role === 'migrate') {
    await db.destroy();
    return;
  }
  if (role !== 'serve' && role !== 'api' && role !== 'worker')
    throw new Error(`Unknown role "${role}"; use serve, api, worker or migrate.`);
  const app = await buildApp({ config, db, workers: role !== 'api' });
  const dimse =
    role === 'serve' && config.DIMSE_PORT !== undefined ? startDimseScp(app.deps, config.DIMSE_PORT) : null;
  const close = async () => {
    dimse?.close();
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  if (role === 'worker') {
    await app.ready();
    app.log.info('Voxa worker: running background jobs');
    return;
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `Voxa at ${config.PUBLIC_PROTOCOL}://${config.BASE_DOMAIN} (teams at {slug}.${config.BASE_DOMAIN})`,
  );
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
