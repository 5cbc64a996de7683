import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './platform/db';
import type { Mailer } from './platform/mail';
import type { ChatClient } from './platform/llm';
import type { Realtime } from './platform/realtime';
import type { ServerKeys } from './platform/server-keys';
import type { RecognitionRunner } from './modules/recognition/runner';

/** The adapters every service receives; tests pass real ones or fakes. */
export interface Deps {
  config: Config;
  db: Db;
  mailer: Mailer;
  realtime: Realtime;
  keys: ServerKeys;
  /** The OpenAI-compatible model for acquisition recognition, when LLM_URL is set. */
  llm: ChatClient | null;
  /** Background acquisition recognitions of this process. */
  recognition: RecognitionRunner;
  log: FastifyBaseLogger;
}
