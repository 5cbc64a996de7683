import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useUser } from '../../app/session/useUser';
import { PageHeader } from '../../ui/PageHeader';
import { DataState } from '../../ui/DataState';
import { SearchInput } from '../../ui/SearchInput';
import { notifyError } from '../../ui/notify';
import { useActAs, useAdminUsers } from './useAdminApi';

/** An administrator picks a user to act as; a banner then offers the way back. */
export function UserSwitchPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const users = useAdminUsers(debounced);
  const { data: me } = useUser();
  const actAs = useActAs();
  const others = users.data?.filter((u) => u.id !== me?.id);
  return (
    <Stack maw={720}>
      <PageHeader title="Act as a user" />
      <Text c="dimmed" size="sm">
        You will see Voxa as the chosen user sees it. This is recorded in the audit log.
      </Text>
      <SearchInput value={search} onChange={setSearch} />
      {!others ? (
        <DataState error={users.error} />
      ) : (
        <Stack gap="xs" data-testid="user-switch-list">
          {others.length === 0 && <Text c="dimmed">No users found.</Text>}
          {others.map((u) => (
            <Paper key={u.id} withBorder p="sm">
              <Group justify="space-between">
                <div>
                  <Text fw={600}>{u.name}</Text>
                  <Text size="xs" c="dimmed">
                    {u.email}
                  </Text>
                </div>
                <Button
                  size="xs"
                  aria-label={`Act as ${u.name}`}
                  loading={actAs.isPending && actAs.variables === u.id}
                  onClick={() => actAs.mutate(u.id, { onError: notifyError })}
                >
                  Act as
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
