import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: object,
) => Promise<Buffer>;
const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 64;

/** An opaque random token; only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** scrypt with a per-password salt, stored as `scrypt$N$r$p$salt$hash`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEY_LENGTH, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const opts = { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT.maxmem };
  const key = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, opts);
  return timingSafeEqual(key, expected);
}

/** HMAC-SHA256 of the parts (joined with NUL, which no part may hold) under a server key, as hex. */
export function keyedHash(key: Buffer, ...parts: string[]): string {
  return createHmac('sha256', key).update(parts.join('\0')).digest('hex');
}

/** A key for one purpose from a longer-lived secret, so one secret never keys two uses. */
export function deriveKey(secret: string | Buffer, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`voxa:${purpose}`).digest();
}
