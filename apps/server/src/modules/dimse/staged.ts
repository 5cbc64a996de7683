import type { Deps } from '../../deps';
import { dimseAssociationKey, dimseAssociationsKey, dimseInstanceKey } from '../../platform/storage/layout';
import { ingestInstances, refusal } from '../dicomweb/ingest';
import { receiverContext } from './receiver';

/** The C-STORE status Success (PS3.4 Table GG.4-1). */
const SUCCESS = 0x0000;

/**
 * What a C-STORE association received waits on disk, each instance flushed before its C-STORE is answered
 * Success: the sender then forgets it. Once the association ends (released, aborted or cut) its instances
 * are stored together, grouped into studies and series as STOW-RS stores them, and the folder goes.
 * A process that stopped before storing them stores them when its SCP starts again (decision 0075).
 * Answers the C-STORE status: Success once flushed, or at once the failure STOW-RS would answer for an
 * instance it refuses (decision 0091), which is then not staged.
 */
export async function stageInstance(
  deps: Deps,
  teamId: number,
  association: string,
  index: number,
  file: Uint8Array,
): Promise<number> {
  const refused = refusal(file);
  if (refused !== null) return refused;
  await deps.storage.writeAtomic(dimseInstanceKey(teamId, association, index), file);
  return SUCCESS;
}

/** Stores an association's staged instances into its team, then removes them; nothing when none. */
export async function storeStaged(deps: Deps, teamId: number, association: string): Promise<void> {
  const folder = dimseAssociationKey(teamId, association);
  const names = await deps.storage.list(folder);
  if (names.length === 0) return deps.storage.remove(folder);
  const ctx = await receiverContext(deps.db, teamId);
  if (!ctx) throw new Error('the team has no member to store as');
  // Read one at a time as the store takes them (an association's instances are never all held), and
  // linked into the upload session, not written again: they are on disk already.
  async function* instances() {
    for (const name of names) {
      const stored = [...folder, name];
      yield { bytes: await deps.storage.readBytes(stored), stored };
    }
  }
  const outcome = await ingestInstances(deps, ctx, instances());
  // Removed only once stored: a stop before this point stores them again at the next start.
  await deps.storage.remove(folder);
  deps.log.info(
    { teamId, association, stored: outcome.stored.length, failed: outcome.failed.length },
    'DIMSE instances stored',
  );
}

/**
 * Stores what associations of an earlier run left staged (the process stopped before storing them),
 * leaving alone the folders of associations under way.
 */
export async function storeLeftovers(deps: Deps, underWay: (association: string) => boolean): Promise<void> {
  const teams = await deps.db.selectFrom('teams').select('id').execute();
  for (const { id } of teams)
    for (const association of await deps.storage.list(dimseAssociationsKey(id)))
      if (!underWay(association))
        await storeStaged(deps, id, association).catch((error: unknown) =>
          deps.log.error({ err: error, teamId: id, association }, 'DIMSE leftover instances not stored'),
        );
}
