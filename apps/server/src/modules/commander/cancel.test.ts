import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CommanderProgress } from '@voxa/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Realtime } from '../../platform/realtime';
import { copyAll, zipTo } from './operations';
import { CancelledError, cancelOperation, startOperation } from './progress';
import type { Resolved } from './resolve';

/** Records what the operation would push to the caller. */
function recorder() {
  const events: CommanderProgress[] = [];
  const realtime = {
    toUser: (_user: number, _event: string, payload: CommanderProgress) => events.push(payload),
  } as unknown as Realtime;
  return { events, realtime };
}

let dir: string;
const at = (real: string, asked: string): Resolved => ({
  root: { name: 'root', dir, create: false },
  realRoot: dir,
  real,
  asked,
});

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'voxa-commander-cancel-'));
  await mkdir(path.join(dir, 'src', 'sub'), { recursive: true });
  await writeFile(path.join(dir, 'src', 'a.bin'), Buffer.alloc(256 * 1024, 1));
  await writeFile(path.join(dir, 'src', 'sub', 'b.bin'), Buffer.alloc(256 * 1024, 2));
  await mkdir(path.join(dir, 'dst'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('progress and cancel', () => {
  it('reports the bytes as they pass, the last report marked done', async () => {
    const { events, realtime } = recorder();
    const operation = startOperation(realtime, 1, 'cp', 512 * 1024, 'op-1');
    await copyAll([at(path.join(dir, 'src'), '/root/src')], [path.join(dir, 'dst', 'src')], operation);
    operation.finish();
    expect(events[0]).toMatchObject({ op: 'op-1', action: 'cp', total: 512 * 1024, done: false });
    expect(events.at(-1)).toEqual({
      op: 'op-1',
      action: 'cp',
      bytes: 512 * 1024,
      total: 512 * 1024,
      done: true,
    });
  });

  it('stops a copy that is cancelled and leaves nothing of it', async () => {
    const { realtime } = recorder();
    const operation = startOperation(realtime, 1, 'cp', 512 * 1024, 'op-2');
    expect(cancelOperation(2, 'op-2')).toBe(false); // another user's id names nothing
    expect(cancelOperation(1, 'op-2')).toBe(true);
    await expect(
      copyAll([at(path.join(dir, 'src'), '/root/src')], [path.join(dir, 'dst', 'src')], operation),
    ).rejects.toThrow();
    operation.finish();
    expect(await readdir(path.join(dir, 'dst'))).toEqual([]);
    expect(cancelOperation(1, 'op-2')).toBe(false);
  });

  it('stops a zip that is cancelled and leaves no archive', async () => {
    const { realtime } = recorder();
    const operation = startOperation(realtime, 1, 'zip', 512 * 1024, 'op-3');
    cancelOperation(1, 'op-3');
    await expect(
      zipTo(
        at(path.join(dir, 'src'), '/root/src'),
        at(path.join(dir, 'dst', 'src.zip'), '/root/dst/src.zip'),
        operation,
      ),
    ).rejects.toThrow();
    operation.finish();
    expect(await readdir(path.join(dir, 'dst'))).toEqual([]);
  });

  it('refuses more bytes once cancelled', () => {
    const { realtime } = recorder();
    const operation = startOperation(realtime, 1, 'cp', 10, 'op-4');
    cancelOperation(1, 'op-4');
    expect(() => operation.advance(1)).toThrow(CancelledError);
  });
});
