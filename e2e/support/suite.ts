import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, newPerson, type Person } from './browser';
import { startServer, type E2eServer } from './server';

export interface E2eEnv {
  readonly server: E2eServer;
  readonly browser: Browser;
  /** A fresh browser context (own cookies and storage), closed with the suite. */
  person: () => Promise<Person>;
  /**
   * Restarts the server (E2eServer.restart). Every open page leaves the app first, unless `keepPages`
   * (a story of what the open pages do meanwhile): a page on the app may navigate by itself as the
   * server comes back, which once interrupted a step's own navigation.
   */
  restart: (whileStopped?: () => Promise<void>, opts?: { keepPages?: boolean }) => Promise<void>;
}

/**
 * Registers beforeAll/afterAll for one spec file: its own server (fresh data, or with `seeded` its own
 * copy of the seeded data of seeded.ts) and one Chromium. Call inside `describe.skipIf(e2eSkipReason())`.
 */
export function setupE2e(
  /** The server's further environment, or a function making it (to take a free port, say). */
  env: Record<string, string> | (() => Promise<Record<string, string>>) = {},
  { seeded = false }: { seeded?: boolean } = {},
): E2eEnv {
  let server: E2eServer | undefined;
  let browser: Browser | undefined;
  const people: Person[] = [];
  beforeAll(async () => {
    const serverEnv = typeof env === 'function' ? await env() : env;
    [server, browser] = await Promise.all([startServer(serverEnv, seeded), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all(people.map((p) => p.context.close().catch(() => undefined)));
    await browser?.close();
    await server?.stop();
  });
  const required = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`${what} is not running (beforeAll failed)`);
    return value;
  };
  return {
    get server() {
      return required(server, 'the server');
    },
    get browser() {
      return required(browser, 'the browser');
    },
    person: async () => {
      const p = await newPerson(required(browser, 'the browser'));
      people.push(p);
      return p;
    },
    restart: async (whileStopped, { keepPages = false } = {}) => {
      if (!keepPages) {
        const pages = people.flatMap((p) => p.context.pages());
        await Promise.all(pages.map((page) => page.goto('about:blank')));
      }
      await required(server, 'the server').restart(whileStopped);
    },
  };
}
