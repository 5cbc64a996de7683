import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '@voxa/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../lib/api';
import { formMessage } from '../../lib/formErrors';
import { FormAlert } from '../../ui/FormAlert';
import { AccountFields, type AccountValues } from './AccountFields';
import { useSignIn } from './useSignIn';

export function RegisterPage() {
  // An invitation e-mail links here with the invited address filled in.
  const [params] = useSearchParams();
  const [values, setValues] = useState<AccountValues>({
    name: '',
    email: params.get('email') ?? '',
    password: '',
  });
  const signIn = useSignIn();
  const register = useMutation({
    mutationFn: () => call(api.accounts.register, { body: values }),
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
        <AccountFields values={values} onChange={setValues} error={register.error} />
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
