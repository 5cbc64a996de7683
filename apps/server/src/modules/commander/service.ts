import type { Body, CommanderListing, CommanderProgress } from '@voxa/contracts';
import type { api } from '@voxa/contracts';
import path from 'node:path';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import {
  copyAll,
  listFolder,
  listRoots,
  makeFolder,
  moveAll,
  placements,
  removeAll,
  treesBytes,
  unzipInto,
  zipBytes,
  zipTo,
} from './operations';
import { rootsOf, type CommanderRoot } from './paths';
import { CancelledError, startOperation, type Operation } from './progress';
import { isTop, resolveFolder, resolvePath } from './resolve';
import { HttpError } from '../../http/errors';

export type CommanderDeps = Pick<Deps, 'db' | 'realtime' | 'config'>;
type Done = { ok: true; count: number };

/** COMMANDER_ROOTS, or the `import/` folder under DATA_DIR when none is configured. */
export const commanderRoots = ({ config }: Pick<Deps, 'config'>): CommanderRoot[] =>
  config.COMMANDER_ROOTS.length > 0
    ? rootsOf(config.COMMANDER_ROOTS)
    : rootsOf([path.resolve(config.DATA_DIR, 'import')], true);

/** Every commander call is written to the audit log, refused or failed ones with their reason. */
export async function audited<T>(
  deps: CommanderDeps,
  ctx: TeamContext,
  action: string,
  data: Record<string, unknown>,
  run: () => Promise<T>,
): Promise<T> {
  const write = (outcome: Record<string, unknown>) =>
    deps.db
      .insertInto('audit_logs')
      .values({
        actor_id: ctx.user.id,
        team_id: ctx.team.id,
        action: `commander.${action}`,
        subject: String(data.path ?? data.dir ?? (data.paths as string[] | undefined)?.join(', ') ?? ''),
        data: JSON.stringify({ ...data, ...outcome }),
      })
      .execute();
  try {
    const result = await run();
    await write({ ok: true });
    return result;
  } catch (error) {
    await write({ ok: false, error: (error as Error).message });
    if (error instanceof CancelledError || (error as Error).name === 'AbortError')
      throw new HttpError(409, 'The operation was cancelled.');
    throw error;
  }
}

/** Runs a long operation with progress under `op`, always ending its report. */
export async function withOperation<T>(
  deps: CommanderDeps,
  ctx: TeamContext,
  action: CommanderProgress['action'],
  total: number,
  op: string | undefined,
  run: (operation: Operation) => Promise<T>,
): Promise<T> {
  const operation = startOperation(deps.realtime, ctx.user.id, action, total, op);
  try {
    return await run(operation);
  } finally {
    operation.finish();
  }
}

export async function list(deps: CommanderDeps, ctx: TeamContext, dir: string): Promise<CommanderListing> {
  const roots = commanderRoots(deps);
  return audited(deps, ctx, 'ls', { dir }, async () => {
    if (await isTop(dir, roots)) return { dir: '/', items: await listRoots(roots) };
    return { dir, items: await listFolder(await resolveFolder(dir, roots)) };
  });
}

export function mkdir(deps: CommanderDeps, ctx: TeamContext, dir: string): Promise<Done> {
  return audited(deps, ctx, 'mkdir', { dir }, async () => {
    await makeFolder(await resolvePath(dir, commanderRoots(deps), 'be new'));
    return { ok: true, count: 1 };
  });
}

type Transfer = Body<typeof api.commander.cp>;

export function transfer(
  deps: CommanderDeps,
  ctx: TeamContext,
  action: 'cp' | 'mv',
  { paths, to, op }: Transfer,
): Promise<Done> {
  const roots = commanderRoots(deps);
  return audited(deps, ctx, action, { paths, to }, async () => {
    const sources = await Promise.all(paths.map((p) => resolvePath(p, roots, 'exist')));
    const folder = await resolveFolder(to, roots);
    const targets = await placements(sources, folder);
    const total = action === 'cp' ? await treesBytes(sources) : 0;
    await withOperation(deps, ctx, action, total, op, (operation) =>
      action === 'cp' ? copyAll(sources, targets, operation) : moveAll(sources, targets, operation),
    );
    return { ok: true, count: sources.length };
  });
}

export function remove(deps: CommanderDeps, ctx: TeamContext, paths: string[]): Promise<Done> {
  const roots = commanderRoots(deps);
  return audited(deps, ctx, 'rm', { paths }, async () => {
    await removeAll(await Promise.all(paths.map((p) => resolvePath(p, roots, 'exist'))));
    return { ok: true, count: paths.length };
  });
}

export function zip(
  deps: CommanderDeps,
  ctx: TeamContext,
  { path: folder, file, op }: Body<typeof api.commander.zip>,
): Promise<Done> {
  const roots = commanderRoots(deps);
  return audited(deps, ctx, 'zip', { path: folder, file }, async () => {
    const source = await resolvePath(folder, roots, 'exist');
    const target = await resolvePath(file, roots, 'be new');
    await withOperation(deps, ctx, 'zip', await zipBytes(source), op, (operation) =>
      zipTo(source, target, operation),
    );
    return { ok: true, count: 1 };
  });
}

export function unzip(
  deps: CommanderDeps,
  ctx: TeamContext,
  { path: folder, file, op }: Body<typeof api.commander.unzip>,
): Promise<Done> {
  const roots = commanderRoots(deps);
  return audited(deps, ctx, 'unzip', { path: folder, file }, async () => {
    const archive = await resolvePath(file, roots, 'exist');
    const destination = await resolvePath(folder, roots, 'be new');
    const count = await withOperation(deps, ctx, 'unzip', 0, op, () => unzipInto(archive, destination));
    return { ok: true, count };
  });
}
