import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '@voxa/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../lib/api';
import { fieldError, formMessage } from '../../lib/formErrors';
import { FormAlert } from '../../ui/FormAlert';
import { useSignIn } from './useSignIn';

export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [search] = useSearchParams();
  const signIn = useSignIn();
  const login = useMutation({
    mutationFn: () => call(api.accounts.login, { body: { email, password } }),
    onSuccess: (session) => signIn(session),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate();
  };
  const target = search.get('target');
  const registerHref = target ? `/register?target=${encodeURIComponent(target)}` : '/register';

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h3">
          Sign in
        </Title>
        <FormAlert message={formMessage(login.error)} />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={fieldError(login.error, 'email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={fieldError(login.error, 'password')}
        />
        <Group justify="space-between">
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot password?
          </Anchor>
          <Button type="submit" loading={login.isPending}>
            Sign in
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          No account yet?{' '}
          <Anchor component={Link} to={registerHref}>
            Register
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
