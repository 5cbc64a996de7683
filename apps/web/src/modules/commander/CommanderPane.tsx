import { Checkbox, Paper, ScrollArea, Table, Text } from '@mantine/core';
import { formatDate } from '../../lib/format';
import { DataState } from '../../ui/DataState';
import type { PaneState, Row } from './panes';

export interface CommanderPaneProps {
  name: 'left' | 'right';
  pane: PaneState;
  rows: Row[];
  active: boolean;
  loading: boolean;
  error: unknown;
  onActivate: () => void;
  onCursor: (index: number) => void;
  onOpen: (index: number) => void;
  onToggle: (path: string) => void;
}

/** One directory listing: `..`, folders, then files; the cursor row is highlighted while the pane is active. */
export function CommanderPane({
  name,
  pane,
  rows,
  active,
  loading,
  error,
  onActivate,
  onCursor,
  onOpen,
  onToggle,
}: CommanderPaneProps) {
  return (
    <Paper
      withBorder
      p="xs"
      data-testid={`commander-pane-${name}`}
      data-dir={pane.dir}
      data-active={active}
      onMouseDown={onActivate}
      style={{ flex: 1, minWidth: 0, borderColor: active ? 'var(--mantine-color-blue-5)' : undefined }}
    >
      <Text fw={600} size="sm" mb="xs" data-testid={`commander-dir-${name}`}>
        {pane.dir}
      </Text>
      {loading || error ? (
        <DataState error={error} />
      ) : (
        <ScrollArea h={480}>
          <Table highlightOnHover verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={32} />
                <Table.Th>Name</Table.Th>
                <Table.Th>Ext</Table.Th>
                <Table.Th ta="right">Size</Table.Th>
                <Table.Th>Modified</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => {
                const item = row.kind === 'item' ? row.item : null;
                const selected = item !== null && pane.selected.includes(item.path);
                return (
                  <Table.Tr
                    key={item?.path ?? '..'}
                    data-name={item?.basename ?? '..'}
                    data-cursor={active && index === pane.cursor}
                    aria-selected={selected}
                    onClick={() => onCursor(index)}
                    onDoubleClick={() => onOpen(index)}
                    bg={
                      active && index === pane.cursor
                        ? 'var(--mantine-color-blue-1)'
                        : selected
                          ? 'var(--mantine-color-yellow-1)'
                          : undefined
                    }
                    style={{ cursor: 'default' }}
                  >
                    <Table.Td>
                      {item && (
                        <Checkbox
                          size="xs"
                          aria-label={`Select ${item.basename}`}
                          checked={selected}
                          onChange={() => onToggle(item.path)}
                          onClick={(e) => e.stopPropagation()}
                        />
                      )}
                    </Table.Td>
                    <Table.Td fw={item?.isDir || !item ? 600 : undefined}>
                      {item ? (item.isDir ? `[${item.basename}]` : item.filename) : '..'}
                    </Table.Td>
                    <Table.Td>{item?.isFile ? item.extension : ''}</Table.Td>
                    <Table.Td ta="right">{item?.isFile ? item.sizePretty : item ? '<DIR>' : ''}</Table.Td>
                    <Table.Td>{item ? formatDate(item.modified) : ''}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}
