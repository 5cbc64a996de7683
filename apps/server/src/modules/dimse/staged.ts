import { PassThrough, type Writable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import { readDicomHeader } from '@voxa/imaging';
import type { Deps } from '../../deps';
import type { StorageKey } from '../../platform/storage';
import { dimseAssociationKey, dimseAssociationsKey } from '../../platform/storage/layout';
import { ingestInstances, refusal, type IncomingInstance } from '../dicomweb/ingest';
import { receiverContext } from './receiver';

/** Received bytes held while the disk is behind, before the association's socket stops being read. */
const PACE_BYTES = 1024 * 1024;
/**
 * How much of a staged file is read to store it: its header, which ends at Pixel Data (a header that does
 * not fit, or a deflated dataset, is read whole).
 */
const HEAD_BYTES = 1024 * 1024;

const inflateRaw = (bytes: Uint8Array) => new Uint8Array(inflateRawSync(bytes));

/** The reading side of an association's connection. */
interface Pausable {
  pause(): unknown;
  resume(): unknown;
}

/** A C-STORE dataset as it arrives: its socket paused while more than PACE_BYTES wait for the disk. */
class Paced extends PassThrough {
  constructor(private readonly socket: Pausable) {
    super({ highWaterMark: PACE_BYTES });
    this.on('drain', () => socket.resume());
    this.on('close', () => socket.resume());
    // A failed or cut staging is reported by `staged`; dcmjs-dimse writes on regardless.
    this.on('error', () => undefined);
  }

  override write(chunk: Uint8Array): boolean {
    const room = super.write(chunk);
    if (!room) this.socket.pause();
    return room;
  }
}

class TooLarge extends Error {}

/**
 * How a received instance's staging ended: on disk, refused past the size limit, refused as STOW-RS
 * refuses what it cannot serve (unreadable, without its UIDs, cut short: decision 0091), or failed.
 */
export type Staging = 'staged' | 'too-large' | 'cannot-understand' | 'failed';

export interface StagingStream {
  /** Where dcmjs-dimse writes the dataset's fragments as they arrive. */
  writable: Writable;
  /** Settles once the file is flushed (before its C-STORE is answered Success), refused or failed. */
  staged: Promise<Staging>;
}

/**
 * What a C-STORE association receives waits on disk: each instance appended to its staged file as its
 * P-DATA fragments arrive (never held whole), flushed before its C-STORE is answered Success: the sender
 * then forgets it. One past `limit` bytes is read to its end and dropped, and nothing of it is kept.
 * Once the association ends (released, aborted or cut) its instances are stored together, grouped into
 * studies and series as STOW-RS stores them, and the folder goes. A process that stopped before storing
 * them stores them when its SCP starts again (decision 0075; streaming: decision 0089).
 */
export function stageStream(
  deps: Deps,
  key: StorageKey,
  header: Uint8Array,
  limit: number,
  socket: Pausable,
): StagingStream {
  const writable = new Paced(socket);
  async function* file() {
    yield header;
    let size = 0;
    for await (const chunk of writable as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= limit) yield chunk;
    }
    if (size > limit) throw new TooLarge();
  }
  const staged = deps.storage.writeAtomic(key, file()).then(
    async (): Promise<Staging> => {
      const instance = await stagedInstance(deps, key);
      if (refusal(instance.bytes, instance.size) === null) return 'staged';
      await deps.storage.remove(key);
      return 'cannot-understand';
    },
    (error: unknown): Staging => {
      if (error instanceof TooLarge) return 'too-large';
      deps.log.error({ err: error }, 'DIMSE instance not staged');
      return 'failed';
    },
  );
  return { writable, staged };
}

/** A staged instance as the store reads it: its header only when that is enough (decision 0089). */
async function stagedInstance(deps: Deps, stored: StorageKey): Promise<IncomingInstance> {
  const [head = new Uint8Array(), size] = await Promise.all([
    deps.storage.heads([stored], HEAD_BYTES).then((h) => h[0]),
    deps.storage.size(stored),
  ]);
  if (size === null || size <= head.length || !readDicomHeader(head, { inflateRaw }).ok)
    return { bytes: await deps.storage.readBytes(stored), stored };
  return { bytes: head, size, stored };
}

/** Stores an association's staged instances into its team, then removes them; nothing when none. */
export async function storeStaged(deps: Deps, teamId: number, association: string): Promise<void> {
  const folder = dimseAssociationKey(teamId, association);
  // Not the temp file of an instance cut part way (writeAtomic's, removed as it fails).
  const names = (await deps.storage.list(folder)).filter((name) => name.endsWith('.dcm'));
  if (names.length === 0) return deps.storage.remove(folder);
  const ctx = await receiverContext(deps.db, teamId);
  if (!ctx) throw new Error('the team has no member to store as');
  // Read one at a time as the store takes them, each by its header only where that is enough, and
  // linked into the upload session, not written again: they are on disk already.
  async function* instances() {
    for (const name of names) yield stagedInstance(deps, [...folder, name]);
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
