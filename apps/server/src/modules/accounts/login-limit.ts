import { MESSAGES } from '@voxa/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { tooManyRequests } from '../../http/errors';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A fixed window: attempts past the limit do not extend it, so a lock-out always ends. */
const ACCOUNT_WINDOW_MS = 15 * 60 * 1000;

/** How login counters name an account: the address as typed, in any letter case. */
const emailOf = (req: FastifyRequest) =>
  String((req.body as { email?: unknown } | undefined)?.email ?? '')
    .trim()
    .toLowerCase();

/** The per-address limit, as route options of @fastify/rate-limit (LOGIN_RATE_LIMIT a minute). */
export const perAddressLimit = (config: Config) => ({
  max: config.LOGIN_RATE_LIMIT,
  timeWindow: '1 minute',
  hook: 'preHandler' as const,
  keyGenerator: (req: FastifyRequest) => `login:${req.ip}:${emailOf(req)}`,
});

/**
 * The limit per account across addresses (decision 0028), on the rate-limit plugin's own store (Redis
 * with REDIS_URL, else memory): an account takes LOGIN_ACCOUNT_LIMIT attempts per window from addresses
 * it has not signed in from; an address it signed in from within TOKEN_TTL_DAYS is not counted, so an
 * attacker spreading guesses over many addresses cannot lock the owner out of their usual places.
 */
export function createAccountLimit(app: FastifyInstance, config: Config) {
  const knownAddress = app.createRateLimit({
    max: Number.MAX_SAFE_INTEGER,
    timeWindow: config.TOKEN_TTL_DAYS * DAY_MS,
    keyGenerator: (req) => `login-known:${emailOf(req)}:${req.ip}`,
  });
  const isKnown = async (req: FastifyRequest) => {
    const seen = await knownAddress(req, { increment: false });
    return !seen.isAllowed && seen.remaining < seen.max;
  };
  const attempts = app.createRateLimit({
    max: config.LOGIN_ACCOUNT_LIMIT,
    timeWindow: ACCOUNT_WINDOW_MS,
    keyGenerator: (req) => `login-account:${emailOf(req)}`,
    allowList: isKnown,
  });
  return {
    /** Counts an attempt from an unknown address; 429 once the account's window is full. */
    async admit(req: FastifyRequest, reply: FastifyReply): Promise<void> {
      const result = await attempts(req);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', result.ttlInSeconds);
      throw tooManyRequests(MESSAGES.tooManyAccountLogins);
    },
    /** Remembers the address of a successful sign-in. */
    async remember(req: FastifyRequest): Promise<void> {
      await knownAddress(req);
    },
  };
}
