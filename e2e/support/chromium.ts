import { existsSync } from 'node:fs';

/** Flags this machine needs: no sandbox as root, and no background traffic to a closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Debian's Chromium (or CHROMIUM_PATH); the same search order as scripts/test.mjs. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/lib/chromium/chromium'];
  return candidates.find((p): p is string => !!p && existsSync(p)) ?? null;
}

export const chromiumPath = findChromium();

/**
 * Why the e2e specs skip, or null when they run. Skipping is allowed only outside CI; with CI=true
 * `scripts/test.mjs` fails before Vitest starts, and a spec run directly fails here instead.
 */
export function e2eSkipReason(): string | null {
  if (chromiumPath) return null;
  if (process.env.CI === 'true' || process.env.CI === '1') {
    throw new Error(
      'CI=true but Chromium is missing (CHROMIUM_PATH, /usr/bin/chromium, /usr/lib/chromium/chromium)',
    );
  }
  const reason = 'Chromium not found (install Debian "chromium" or set CHROMIUM_PATH): e2e specs skipped';
  console.warn(reason);
  return reason;
}
