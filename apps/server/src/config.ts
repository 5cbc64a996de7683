import path from 'node:path';
import { UPLOAD_LIMITS } from '@voxa/contracts';
import { z } from 'zod';
import { parseCorsOrigins, type CorsOrigins } from './http/cors';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const bytes = (fallback: number) =>
  z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).default(fallback);
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting of the server, read from the environment and validated at boot (README lists them). */
export const ConfigSchema = z.object({
  /**
   * Folders the file commander may touch, comma-separated absolute paths; each is shown by its folder
   * name, so the names must differ. Unset: `{DATA_DIR}/import` (docs/decisions/0060).
   */
  COMMANDER_ROOTS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const roots = (value ?? '')
        .split(',')
        .map((r) => r.trim())
        .filter((r) => r !== '');
      for (const root of roots)
        if (!path.isAbsolute(root))
          ctx.addIssue({ code: 'custom', message: `${root} is not an absolute path` });
      const names = roots.map((r) => path.basename(path.resolve(r)));
      if (new Set(names).size !== names.length)
        ctx.addIssue({ code: 'custom', message: 'two roots have the same folder name' });
      return roots.map((r) => path.resolve(r));
    }),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** The DICOM C-STORE/C-ECHO port of the `serve` role (one AE title per team, docs/decisions/0068); unset: off. */
  DIMSE_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  BASE_DOMAIN: z.string().min(1).default('localhost:3000'),
  PUBLIC_PROTOCOL: z.enum(['http', 'https']).default('http'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Voxa <no-reply@voxa.local>'),
  WEB_DIST: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  MAINTENANCE: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** How long requests under way may take to finish once the server is asked to stop (http/shutdown.ts). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Sign-in attempts one account takes in 15 minutes from addresses it never signed in from (decision 0028). */
  LOGIN_ACCOUNT_LIMIT: z.coerce.number().int().positive().default(30),
  /** Proxies whose X-Forwarded-For is believed: none by default, a hop count, or addresses and CIDR ranges. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): TrustProxy => {
      const parsed = parseTrustProxy(value);
      if (parsed === false || typeof parsed === 'number' || Array.isArray(parsed)) return parsed;
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }),
  /**
   * The native dcm2niix tried before the WebAssembly build: a path, or `wasm` for WebAssembly only;
   * unset, `dcm2niix` on PATH when it runs (docs/decisions/0015).
   */
  DCM2NIIX_BINARY: z.string().min(1).optional(),
  /**
   * `on`: the native dcm2niix converts even when it is older than the bundled WebAssembly build (a
   * warning at start); `off`: an older one is set aside, as its outputs may differ (decision 0087).
   */
  DCM2NIIX_FORCE_NATIVE: z.enum(['on', 'off']).default('off'),
  /**
   * Redis key prefix of the job queues and of socket.io's channels: deployments (or test servers) sharing
   * a Redis keep apart by it.
   */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .default('voxa'),
  /** Series converted at once by each process that runs jobs. */
  CONVERSION_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** Keys server-side hashes (original study UIDs); generated and kept in the database when absent. */
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters.').optional(),
  UPLOAD_MAX_FILE_BYTES: bytes(UPLOAD_LIMITS.defaultMaxFileBytes),
  // Chunk sizes are PostgreSQL integers: at most 1 GiB keeps them far from the limit.
  UPLOAD_MAX_CHUNK_BYTES: bytes(64 * MiB).refine((v) => v >= UPLOAD_LIMITS.minChunkBytes && v <= GiB, {
    message: `must be between ${UPLOAD_LIMITS.minChunkBytes} and ${GiB}`,
  }),
  UPLOAD_MAX_SESSION_BYTES: bytes(50 * GiB),
  /** Largest STOW-RS request body (DICOMweb), counted as it arrives (413 past it); its parts are stored as they come. */
  DICOMWEB_MAX_STOW_BYTES: bytes(512 * MiB).refine((v) => v <= 2 * GiB, {
    message: `must be at most ${2 * GiB}`,
  }),
  /**
   * Largest instance the C-STORE SCP takes, counted as it arrives and written to disk as it comes: past it
   * the instance is refused (0xA700 Out of Resources) and nothing is kept, as STOW-RS answers 413.
   */
  DIMSE_MAX_INSTANCE_BYTES: bytes(512 * MiB).refine((v) => v <= 2 * GiB, {
    message: `must be at most ${2 * GiB}`,
  }),
  /**
   * Origins whose pages (viewers such as OHIF) may call DICOMweb from the browser: a comma-separated list
   * of `scheme://host[:port]`, or `*` for any; none by default (decision 0088).
   */
  DICOMWEB_CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value, ctx): CorsOrigins => {
      const parsed = parseCorsOrigins(value);
      if (typeof parsed === 'string' || !('error' in parsed)) return parsed;
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }),
  /** Largest label map imported over a series, as sent (.nii.gz) and once inflated (413 past it). */
  MASK_IMPORT_MAX_BYTES: bytes(512 * MiB).refine((v) => v <= 2 * GiB, {
    message: `must be at most ${2 * GiB}`,
  }),
  /** Largest ONNX model file uploaded to the registry, read whole to check its header (413 past it). */
  AI_MODEL_MAX_BYTES: bytes(GiB).refine((v) => v <= 2 * GiB, { message: `must be at most ${2 * GiB}` }),
  /** An upload session nobody has named for this long loses its raw files (they may be identifiable). */
  UPLOAD_SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(8760).default(72),
  /** Log-session events (`POST log`) older than this are deleted (checked hourly by the job processes). */
  LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** The built-in CPU AI worker, run by the processes that run background jobs (serve, worker). */
  AI_BUILTIN_WORKER: z.enum(['on', 'off']).default('on'),
  /** onnxruntime's threads for the built-in worker's job; 0: every core but one (HTTP keeps one). */
  AI_BUILTIN_WORKER_THREADS: z.coerce.number().int().min(0).max(256).default(0),
  /** OpenAI-compatible API base (…/v1) for acquisition recognition; the built-in rules answer without it. */
  LLM_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** Past this the rules answer instead, well inside the client's 30 s wait. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(25_000).default(15_000),
});

export type Config = z.infer<typeof ConfigSchema>;

/** Parses the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}

export function baseUrl(config: Config, teamSlug?: string | null): string {
  const host = teamSlug ? `${teamSlug}.${config.BASE_DOMAIN}` : config.BASE_DOMAIN;
  return `${config.PUBLIC_PROTOCOL}://${host}`;
}
