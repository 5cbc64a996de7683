import { Button, Group, Text } from '@mantine/core';
import * as api from '@voxa/contracts/areas';
import { useState } from 'react';
import { call } from '../../lib/api';
import { setToken } from '../../lib/storage';

export interface ImpersonationBannerProps {
  name: string;
}

/** Shown while an administrator acts as another user (/user-switch). */
export function ImpersonationBanner({ name }: ImpersonationBannerProps) {
  const [leaving, setLeaving] = useState(false);
  const leave = async () => {
    setLeaving(true);
    try {
      const { token } = await call(api.admin.userSwitchLeave);
      setToken(token);
      location.assign('/admin/users');
    } catch (error) {
      console.error(error);
      setLeaving(false);
    }
  };
  return (
    <Group
      justify="center"
      gap="md"
      py={6}
      px="md"
      mb="md"
      bg="orange.1"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      data-testid="impersonation-banner"
      role="status"
    >
      <Text size="sm" fw={600}>
        You are acting as {name}
      </Text>
      <Button size="compact-sm" color="orange" loading={leaving} onClick={leave}>
        Return to my account
      </Button>
    </Group>
  );
}
