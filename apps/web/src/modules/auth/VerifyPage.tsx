import { Button, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { safeRedirect } from '@voxa/contracts';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useUser } from '../../app/session/useUser';
import { call } from '../../lib/api';
import { formMessage } from '../../lib/formErrors';
import { FormAlert } from '../../ui/FormAlert';
import { AuthPanel } from './AuthForm';

/** Without `token`: asks the user to check their e-mail. With `token`: confirms the address. */
export function VerifyPage() {
  const [search] = useSearchParams();
  const token = search.get('token');
  const { data: user } = useUser();
  const started = useRef(false);
  const resend = useMutation({ mutationFn: () => call(api.accounts.resendVerification) });
  const verify = useMutation({
    mutationFn: (t: string) => call(api.accounts.verifyEmail, { body: { token: t } }),
    onSuccess: () => {
      const fallback = user && user.teams.length > 0 ? '/dashboard' : '/get-started';
      // A full load fetches the now verified user before any guard looks at it.
      location.assign(safeRedirect(search.get('target'), fallback));
    },
  });

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  if (token) {
    return (
      <AuthPanel title="Verify your e-mail">
        {verify.isError ? (
          <FormAlert message={formMessage(verify.error)} />
        ) : (
          <Text role="status">Confirming your e-mail address…</Text>
        )}
      </AuthPanel>
    );
  }
  return (
    <AuthPanel title="Verify your e-mail">
      <Text>
        We sent a link to <strong>{user?.email}</strong>. Please open it to confirm your address, then you can
        continue.
      </Text>
      {resend.isSuccess && <Text role="status">{resend.data.message}</Text>}
      <FormAlert message={formMessage(resend.error)} />
      <Button variant="default" loading={resend.isPending} onClick={() => resend.mutate()}>
        Resend
      </Button>
    </AuthPanel>
  );
}
