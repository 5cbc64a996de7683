import { AUTH_COOKIE, STORAGE_KEYS } from '@voxa/contracts';
import { cookieDomain, cookieString, readCookie } from './cookie';
import { baseDomain } from './host';

const TOKEN_MAX_AGE_S = 60 * 60 * 24 * 30;
const listeners = new Set<() => void>();

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The auth token: browser storage first, then the shared cookie. */
export function getToken(): string | null {
  return safeGet(STORAGE_KEYS.authToken) || readCookie(AUTH_COOKIE, document.cookie);
}

export function setToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.authToken, token);
  document.cookie = cookieString(AUTH_COOKIE, token, cookieDomain(baseDomain()), TOKEN_MAX_AGE_S);
  clearPermissionCache();
  listeners.forEach((l) => l());
}

export function clearToken(): void {
  localStorage.removeItem(STORAGE_KEYS.authToken);
  const domain = cookieDomain(baseDomain());
  document.cookie = cookieString(AUTH_COOKIE, '', null, 0);
  if (domain) document.cookie = cookieString(AUTH_COOKIE, '', domain, 0);
  clearPermissionCache();
  listeners.forEach((l) => l());
}

export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Cleared on every change of session or team (spec section 4, team switch). */
export function clearPermissionCache(): void {
  localStorage.removeItem(STORAGE_KEYS.userPermissions);
  localStorage.removeItem(STORAGE_KEYS.permissionVersion);
}

export interface CachedPermissions {
  version: number;
  permissions: string[];
}

export function readPermissionCache(): CachedPermissions | null {
  const raw = safeGet(STORAGE_KEYS.userPermissions);
  const version = Number(safeGet(STORAGE_KEYS.permissionVersion));
  if (!raw || !Number.isFinite(version)) return null;
  try {
    const permissions: unknown = JSON.parse(raw);
    return Array.isArray(permissions) ? { version, permissions: permissions.map(String) } : null;
  } catch {
    return null;
  }
}

export function writePermissionCache(cache: CachedPermissions): void {
  localStorage.setItem(STORAGE_KEYS.userPermissions, JSON.stringify(cache.permissions));
  localStorage.setItem(STORAGE_KEYS.permissionVersion, String(cache.version));
}
