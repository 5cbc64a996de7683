import {
  AI_WORKER_PLATFORM,
  JOB_LOG_TAIL_CHARS,
  WORKER_OFFLINE_AFTER_SECONDS,
  type AiWorker,
} from '@voxa/contracts';

/** Why the team may not revoke a worker it sees, or null when it may (its own): a platform worker is read-only. */
export function revokeRefusal(worker: { team_id: number | null }, teamId: number): string | null {
  if (worker.team_id === null) return AI_WORKER_PLATFORM;
  return worker.team_id === teamId ? null : 'Worker not found.';
}

/** New until it first registers, online while heard of recently, offline after. */
export function workerStatus(lastSeen: Date | null, now: Date): AiWorker['status'] {
  if (!lastSeen) return 'new';
  return now.getTime() - lastSeen.getTime() <= WORKER_OFFLINE_AFTER_SECONDS * 1000 ? 'online' : 'offline';
}

/** The log kept of a job: what it had and what came, cut to the last JOB_LOG_TAIL_CHARS at a line start. */
export function logTail(kept: string, added: string | undefined, max = JOB_LOG_TAIL_CHARS): string {
  if (!added) return kept;
  const all = kept && !kept.endsWith('\n') ? `${kept}\n${added}` : `${kept}${added}`;
  if (all.length <= max) return all;
  const cut = all.slice(all.length - max);
  const line = cut.indexOf('\n');
  return line >= 0 && line < cut.length - 1 ? cut.slice(line + 1) : cut;
}
