import { Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '@voxa/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { call } from '../../lib/api';
import { fieldError, formMessage } from '../../lib/formErrors';
import { FormAlert } from '../../ui/FormAlert';
import { useSignIn } from './useSignIn';

export function RegisterPage() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn();
  const register = useMutation({
    mutationFn: () => call(api.accounts.register, { body: { name, email, password } }),
    onSuccess: (session) => signIn(session, '/verify'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h3">
          Create your account
        </Title>
        <FormAlert message={formMessage(register.error)} />
        <TextInput
          label="Name"
          autoComplete="name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={fieldError(register.error, 'name')}
        />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={fieldError(register.error, 'email')}
        />
        <PasswordInput
          label="Password"
          description="At least 8 characters."
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={fieldError(register.error, 'password')}
        />
        <Button type="submit" loading={register.isPending}>
          Register
        </Button>
        <Text size="sm" c="dimmed">
          Already registered?{' '}
          <Anchor component={Link} to="/login">
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
