import { Anchor, Button, Group, PasswordInput, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../lib/api';
import { fieldError, formMessage } from '../../lib/formErrors';
import { FormAlert } from '../../ui/FormAlert';
import { AuthForm } from './AuthForm';
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
  const target = search.get('target');
  const registerHref = target ? `/register?target=${encodeURIComponent(target)}` : '/register';

  return (
    <AuthForm title="Sign in" onSubmit={() => login.mutate()}>
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
    </AuthForm>
  );
}
