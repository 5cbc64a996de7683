import { Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import * as api from '@voxa/contracts/areas';
import { safeRedirect } from '@voxa/contracts';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '../../lib/api';
import { setToken } from '../../lib/storage';

/** Arrival on another sub-domain: trades the single-use code for a token, then opens `to`. */
export function HandoffPage() {
  const [search] = useSearchParams();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = search.get('code') ?? '';
    const to = safeRedirect(search.get('to'), '/dashboard');
    call(api.accounts.redeemHandoff, { body: { code } })
      .then(({ token }) => {
        setToken(token);
        location.replace(to);
      })
      .catch(() => setFailed(true));
  }, [search]);

  return (
    <Center mih="60vh">
      {failed ? (
        <Stack align="center" gap="xs" role="alert">
          <Text>This sign-in link is no longer valid.</Text>
          <Anchor href="/login">Sign in</Anchor>
        </Stack>
      ) : (
        <Stack align="center" gap="xs">
          <Loader aria-label="Signing in" />
          <Text c="dimmed">Signing in…</Text>
        </Stack>
      )}
    </Center>
  );
}
