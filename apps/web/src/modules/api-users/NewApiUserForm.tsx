import { Button, Group, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useApiUserChanges, useApiUserRoles } from './useApiUsersApi';

/** Adds an API user with a name and one of the team's roles, then opens its page to give it a token. */
export function NewApiUserForm() {
  const roles = useApiUserRoles();
  const { create } = useApiUserChanges();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [roleId, setRoleId] = useState<string | null>(null);
  const ready = name.trim() !== '' && roleId !== null;
  const submit = () =>
    create.mutate(
      { name: name.trim(), role_id: Number(roleId) },
      {
        onSuccess: (user) => {
          notifySuccess(`${user.name} has been created`);
          void navigate(`/admin/api/detail/${user.id}`);
        },
        onError: notifyError,
      },
    );
  return (
    <Group align="flex-end" mb="md">
      <TextInput
        label="Name"
        placeholder="Nightly import"
        value={name}
        maxLength={128}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <Select
        label="Role"
        placeholder="Choose a role"
        data={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
        value={roleId}
        onChange={setRoleId}
        allowDeselect={false}
      />
      <Button onClick={submit} disabled={!ready} loading={create.isPending}>
        Create API user
      </Button>
    </Group>
  );
}
