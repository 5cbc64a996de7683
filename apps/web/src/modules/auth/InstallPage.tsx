import { Button, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { call } from '../../lib/api';
import { formMessage } from '../../lib/formErrors';
import { FormAlert } from '../../ui/FormAlert';
import { PageLoader } from '../../ui/PageLoader';
import { AccountFields, type AccountValues } from './AccountFields';
import { AuthForm } from './AuthForm';
import { useSignIn } from './useSignIn';

/** First start: creates the first administrator, who is then signed in. */
export function InstallPage() {
  const status = useQuery({ queryKey: ['install'], queryFn: () => call(api.accounts.installStatus) });
  const [values, setValues] = useState<AccountValues>({ name: '', email: '', password: '' });
  const signIn = useSignIn();
  const install = useMutation({
    mutationFn: () => call(api.accounts.install, { body: values }),
    onSuccess: (session) => signIn(session, '/dashboard'),
  });

  if (status.isPending) return <PageLoader />;
  if (status.data?.installed && !install.isSuccess) return <Navigate to="/login" replace />;
  return (
    <AuthForm title="Install Voxa" onSubmit={() => install.mutate()}>
      <Text size="sm" c="dimmed">
        Create the first administrator account. It can then create teams and invite people.
      </Text>
      <FormAlert message={formMessage(install.error ?? status.error)} />
      <AccountFields values={values} onChange={setValues} error={install.error} />
      <Button type="submit" loading={install.isPending}>
        Create administrator
      </Button>
    </AuthForm>
  );
}
