import { Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@voxa/contracts';
import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { call } from '../../lib/api';
import { fieldError, formMessage } from '../../lib/formErrors';
import { FormAlert } from '../../ui/FormAlert';
import { PageLoader } from '../../ui/PageLoader';
import { useSignIn } from './useSignIn';

/** First start: creates the first administrator, who is then signed in. */
export function InstallPage() {
  const status = useQuery({ queryKey: ['install'], queryFn: () => call(api.accounts.installStatus) });
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn();
  const install = useMutation({
    mutationFn: () => call(api.accounts.install, { body: { name, email, password } }),
    onSuccess: (session) => signIn(session, '/dashboard'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    install.mutate();
  };

  if (status.isPending) return <PageLoader />;
  if (status.data?.installed && !install.isSuccess) return <Navigate to="/login" replace />;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h3">
          Install Voxa
        </Title>
        <Text size="sm" c="dimmed">
          Create the first administrator account. It can then create teams and invite people.
        </Text>
        <FormAlert message={formMessage(install.error ?? status.error)} />
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={fieldError(install.error, 'name')}
        />
        <TextInput
          label="E-mail"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={fieldError(install.error, 'email')}
        />
        <PasswordInput
          label="Password"
          description="At least 8 characters."
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={fieldError(install.error, 'password')}
        />
        <Button type="submit" loading={install.isPending}>
          Create administrator
        </Button>
      </Stack>
    </form>
  );
}
