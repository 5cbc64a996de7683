import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the OpenAI-compatible model (LLM_URL): it holds every chat completion until
 * `release()`, then fails it, so the server's built-in rules answer. Holding keeps a recognition
 * running for as long as a test needs to look at it.
 */
export interface HeldModel {
  /** LLM_URL for the server. */
  url: string;
  /** Completions held now; one the server aborts (a cancelled prompt) is no longer counted. */
  held: () => number;
  release: () => void;
  close: () => Promise<void>;
}

export async function startHeldModel(): Promise<HeldModel> {
  const held = new Set<ServerResponse>();
  let released = false;
  const fail = (res: ServerResponse) => res.writeHead(503, { 'content-type': 'application/json' }).end('{}');
  const server = http.createServer((req, res) => {
    req.resume();
    if (released) return fail(res);
    held.add(res);
    res.on('close', () => held.delete(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    held: () => held.size,
    release: () => {
      released = true;
      for (const res of held) fail(res);
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
