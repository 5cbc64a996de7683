import type { Server } from 'node:http';

/**
 * Called as the server starts closing (idle connections close at once, requests under way are waited
 * for): after `graceMs`, the connections still open are cut. Otherwise a client that stops reading an
 * answer, or sending a body, would hold the process's shutdown (its job workers, its database) for as
 * long as it stays connected. Their clients see a dropped connection and retry (an upload resumes).
 */
export function cutConnectionsAfterGrace(server: Server, graceMs: number): void {
  const timer = setTimeout(() => server.closeAllConnections(), graceMs);
  timer.unref();
  server.once('close', () => clearTimeout(timer));
}
