import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { sizePretty } from '@voxa/contracts';
import { useState, type KeyboardEvent } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { CommanderPane } from './CommanderPane';
import {
  initialPane,
  joinPath,
  moveCursor,
  open,
  parentDir,
  rowsOf,
  targetsOf,
  toggleSelected,
  type PaneState,
} from './panes';
import {
  cancelOperation,
  newOperationId,
  useCommanderCall,
  useImport,
  useListing,
  useProgress,
  type CommanderCall,
} from './useCommanderApi';

type Side = 'left' | 'right';
const other = (side: Side): Side => (side === 'left' ? 'right' : 'left');

/**
 * The file commander (/admin/commander): two listings side by side, driven as in Midnight or Total
 * Commander — Tab switches panes, arrows move, Insert or Space selects, Enter opens, Backspace goes up,
 * F5 copy, F6 move, F7 make folder, F8 delete — to the other pane's folder.
 */
export function CommanderPage() {
  const [panes, setPanes] = useState<Record<Side, PaneState>>({
    left: initialPane('/'),
    right: initialPane('/'),
  });
  const [active, setActive] = useState<Side>('left');
  const [op, setOp] = useState<string | null>(null);
  const left = useListing(panes.left.dir);
  const right = useListing(panes.right.dir);
  const rows = {
    left: rowsOf(panes.left.dir, left.data?.items ?? []),
    right: rowsOf(panes.right.dir, right.data?.items ?? []),
  };
  const mutation = useCommanderCall();
  const importing = useImport();
  const progress = useProgress(op);

  const update = (side: Side, next: (pane: PaneState) => PaneState) =>
    setPanes((all) => ({ ...all, [side]: next(all[side]) }));
  const source = panes[active];
  const target = panes[other(active)];
  const targets = targetsOf(source, rows[active]);
  const clearSelection = () => update(active, (p) => ({ ...p, selected: [] }));

  const run = (c: CommanderCall) => {
    if ('op' in c) setOp(c.op);
    mutation.mutate(c, { onSuccess: clearSelection });
  };
  const transfer = (action: 'cp' | 'mv') => {
    if (targets.length > 0 && target.dir !== '/')
      run({ action, paths: targets, to: target.dir, op: newOperationId() });
  };
  const makeFolder = () => {
    const name = source.dir !== '/' && window.prompt('New folder name');
    if (name) run({ action: 'mkdir', dir: joinPath(source.dir, name) });
  };
  const remove = () => {
    if (targets.length > 0 && window.confirm(`Delete ${targets.length} item(s)?`))
      run({ action: 'rm', paths: targets });
  };
  const zip = () => {
    const [first] = targets;
    if (!first || target.dir === '/') return;
    const name = window.prompt('Archive name', `${first.split('/').at(-1) ?? 'archive'}.zip`);
    if (name) run({ action: 'zip', path: first, file: joinPath(target.dir, name), op: newOperationId() });
  };
  const unzip = () => {
    const [first] = targets;
    if (!first || target.dir === '/') return;
    const folder = (first.split('/').at(-1) ?? 'archive').replace(/\.zip$/i, '');
    run({ action: 'unzip', file: first, path: joinPath(target.dir, folder), op: newOperationId() });
  };

  const importFolder = () => {
    const [first] = targets;
    const row = rows[active].find((r) => r.kind === 'item' && r.item.path === first);
    if (!first || row?.kind !== 'item' || !row.item.isDir) return;
    const id = newOperationId();
    setOp(id);
    importing.mutate({ dir: first, op: id });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      Tab: () => setActive(other(active)),
      ArrowDown: () => update(active, (p) => moveCursor(p, 1, rows[active].length)),
      ArrowUp: () => update(active, (p) => moveCursor(p, -1, rows[active].length)),
      Enter: () => update(active, (p) => open(p, rows[active])),
      Backspace: () => update(active, (p) => initialPane(parentDir(p.dir))),
      Insert: () => toggleAtCursor(),
      ' ': () => toggleAtCursor(),
      F5: () => transfer('cp'),
      F6: () => transfer('mv'),
      F7: makeFolder,
      F8: remove,
    };
    const action = keys[event.key];
    if (!action || mutation.isPending || importing.isPending) return;
    event.preventDefault();
    action();
  };
  const toggleAtCursor = () => {
    const row = rows[active][source.cursor];
    if (row?.kind !== 'item') return;
    update(active, (p) => moveCursor(toggleSelected(p, row.item.path), 1, rows[active].length));
  };

  const pane = (side: Side) => {
    const query = side === 'left' ? left : right;
    return (
      <CommanderPane
        name={side}
        pane={panes[side]}
        rows={rows[side]}
        active={active === side}
        loading={query.isPending}
        error={query.error}
        onActivate={() => setActive(side)}
        onCursor={(cursor) => update(side, (p) => ({ ...p, cursor }))}
        onOpen={(cursor) => update(side, (p) => open({ ...p, cursor }, rows[side]))}
        onToggle={(path) => update(side, (p) => toggleSelected(p, path))}
      />
    );
  };

  const busy = mutation.isPending || importing.isPending;
  return (
    <Stack>
      <PageHeader title="File commander" />
      <Group gap="xs">
        <Button size="xs" variant="default" disabled={busy} onClick={() => transfer('cp')}>
          F5 Copy
        </Button>
        <Button size="xs" variant="default" disabled={busy} onClick={() => transfer('mv')}>
          F6 Move
        </Button>
        <Button size="xs" variant="default" disabled={busy} onClick={makeFolder}>
          F7 Mkdir
        </Button>
        <Button size="xs" variant="default" disabled={busy} onClick={remove}>
          F8 Delete
        </Button>
        <Button size="xs" variant="default" disabled={busy} onClick={zip}>
          Zip
        </Button>
        <Button size="xs" variant="default" disabled={busy} onClick={unzip}>
          Unzip
        </Button>
        <Button size="xs" variant="default" disabled={busy} onClick={importFolder}>
          Import
        </Button>
      </Group>
      {progress && (
        <Group data-testid="commander-progress" data-done={progress.done}>
          <Progress
            style={{ flex: 1 }}
            value={progress.total > 0 ? (100 * progress.bytes) / progress.total : 100}
            animated={!progress.done}
          />
          <Text size="xs" data-testid="commander-progress-bytes">
            {`${sizePretty(progress.bytes)} of ${sizePretty(progress.total)}`}
          </Text>
          {busy && op && (
            <Button size="xs" color="red" variant="light" onClick={() => void cancelOperation(op)}>
              Cancel
            </Button>
          )}
        </Group>
      )}
      {importing.data && (
        <Text
          size="sm"
          data-testid="commander-import"
          data-studies={importing.data.studies.map((st) => st.uuid).join(',')}
        >
          {`Imported ${importing.data.files} files: ${importing.data.studies.length} study(ies) converting on the server, ${importing.data.skipped} file(s) skipped.`}
        </Text>
      )}
      <Group
        align="stretch"
        wrap="nowrap"
        tabIndex={0}
        data-testid="commander"
        onKeyDown={onKeyDown}
        style={{ outline: 'none' }}
      >
        {pane('left')}
        {pane('right')}
      </Group>
    </Stack>
  );
}
