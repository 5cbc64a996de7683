import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Converter } from './platform/dcm2niix';
import type { Db } from './platform/db';
import type { Mailer } from './platform/mail';
import type { JobQueue } from './platform/queue';
import type { Realtime } from './platform/realtime';
import type { ServerKeys } from './platform/server-keys';
import type { Storage } from './platform/storage';
import type { ChatClient } from './platform/llm';
import type { RecognitionRunner } from './modules/recognition/runner';

/** The adapters every service receives; tests pass real ones or fakes. */
export interface Deps {
  config: Config;
  db: Db;
  mailer: Mailer;
  realtime: Realtime;
  keys: ServerKeys;
  /** Files under DATA_DIR. */
  storage: Storage;
  queue: JobQueue;
  converter: Converter;
  /** The OpenAI-compatible model for acquisition recognition, when LLM_URL is set. */
  llm: ChatClient | null;
  /** Background acquisition recognitions of this process. */
  recognition: RecognitionRunner;
  log: FastifyBaseLogger;
}
