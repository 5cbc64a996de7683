import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { MESSAGES } from '@voxa/contracts';
import { useState, type FormEvent } from 'react';
import { ApiRequestError } from '../../lib/api';
import { notifySuccess } from '../../ui/notify';
import {
  defaultRoleId,
  initialRows,
  removeRow,
  rowsToPayload,
  updateRow,
  type InvitationRow,
} from './invitationRows';
import { useSaveInvitations } from './useTeamApi';

export interface InvitationFormProps {
  teamId: number;
  roles: readonly { id: number; name: string }[];
}

/** Rows of e-mail and role (spec section 2.3 and 5); a blank row appears as the last one is typed in. */
export function InvitationForm({ teamId, roles }: InvitationFormProps) {
  const roleId = defaultRoleId(roles);
  const [rows, setRows] = useState<InvitationRow[]>(() => initialRows(roleId));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveInvitations();
  const options = roles.map((r) => ({ value: String(r.id), label: r.name }));

  const edit = (index: number, patch: Partial<Omit<InvitationRow, 'key'>>) =>
    setRows((current) => updateRow(current, index, patch, roleId));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = rowsToPayload(rows);
    if (!payload.ok) {
      setError(payload.error);
      return;
    }
    setError(null);
    save.mutate(
      { emails: payload.emails, team_id: teamId },
      {
        onSuccess: (created) => {
          setRows(initialRows(roleId));
          notifySuccess(
            created.length === 1
              ? 'Invitation has been sent'
              : `${created.length} invitations have been sent`,
          );
        },
        // Spec section 8: 422 shows 'Duplicate email'; any other error shows nothing, the spinner stops.
        onError: (e) =>
          setError(e instanceof ApiRequestError && e.status === 422 ? MESSAGES.duplicateEmail : null),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Invite members" data-testid="invitation-form">
      <Stack gap="xs">
        {rows.map((row, index) => (
          <Group key={row.key} gap="xs" wrap="nowrap" align="flex-start" data-testid="invitation-row">
            <TextInput
              style={{ flex: 1 }}
              type="email"
              placeholder="name@example.org"
              aria-label={`E-mail ${index + 1}`}
              value={row.email}
              onChange={(e) => edit(index, { email: e.currentTarget.value })}
            />
            <Select
              w={180}
              data={options}
              value={row.roleId === null ? null : String(row.roleId)}
              allowDeselect={false}
              aria-label={`Role ${index + 1}`}
              onChange={(v) => edit(index, { roleId: v === null ? null : Number(v) })}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={`Remove row ${index + 1}`}
              disabled={rows.length <= 2}
              onClick={() => setRows((current) => removeRow(current, index))}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        {error && (
          <Text c="red" size="sm" role="alert" data-testid="invitation-error">
            {error}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Send invitations
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
