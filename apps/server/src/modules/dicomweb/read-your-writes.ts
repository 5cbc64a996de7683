import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import { CONVERTING_STATUSES } from '../conversion/policy';
import type { Filter } from './qido-query';

/** How long a read waits for the team's series still converting before it answers what exists. */
export const READ_WAIT_MS = 60_000;
const POLL_MS = 100;
/** A series converting for longer is presumed stuck (its job lost): reads stop waiting for it. */
const STUCK_AFTER_MS = 30 * 60_000;

/**
 * The studies a read can only find among these StudyInstanceUIDs: its path's, or its
 * StudyInstanceUID matching key's; null when it names none, so any study may match it.
 */
export function studiesNamed(
  pathStudy: string | undefined,
  filters: readonly Filter[] = [],
): string[] | null {
  let named: string[] | null = pathStudy === undefined ? null : [pathStudy];
  for (const f of filters)
    if (f.kind === 'uids' && f.column === 'study_uid')
      named = named === null ? [...f.values] : named.filter((uid) => f.values.includes(uid));
  return named;
}

/** How many of the team's series (of these studies, or any) are converting now. */
export async function convertingSeries(db: Db, teamId: number, studies: string[] | null): Promise<number> {
  if (studies?.length === 0) return 0;
  let query = db
    .selectFrom('series')
    .innerJoin('studies', 'studies.id', 'series.study_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('series.team_id', '=', teamId)
    // Literal values, so the planner can use the partial index on them (migration 0033).
    .where(sql<boolean>`series.status IN (${sql.join(CONVERTING_STATUSES.map((s) => sql.lit(s)))})`)
    .where('series.updated_at', '>', new Date(Date.now() - STUCK_AFTER_MS));
  if (studies) query = query.where('studies.study_uid', 'in', studies);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Read-your-writes for DICOMweb: a store answers once its instances are stored and queued (decision
 * 0066), so a read that could find them waits, at most `timeoutMs`, until the series it could find have
 * converted (or failed). Answers whether nothing was left converting.
 */
export async function waitForConversions(
  pending: () => Promise<number>,
  timeoutMs = READ_WAIT_MS,
  pollMs = POLL_MS,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await pending()) === 0) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, deadline - Date.now())));
  }
}
