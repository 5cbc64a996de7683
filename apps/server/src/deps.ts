import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './platform/db';
import type { Mailer } from './platform/mail';
import type { Realtime } from './platform/realtime';
import type { ServerKeys } from './platform/server-keys';

/** The adapters every service receives; tests pass real ones or fakes. */
export interface Deps {
  config: Config;
  db: Db;
  mailer: Mailer;
  realtime: Realtime;
  keys: ServerKeys;
  log: FastifyBaseLogger;
}
