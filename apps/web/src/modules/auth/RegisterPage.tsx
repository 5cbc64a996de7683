import { Anchor, Button, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../lib/api';
import { formMessage } from '../../lib/formErrors';
import { FormAlert } from '../../ui/FormAlert';
import { AccountFields, type AccountValues } from './AccountFields';
import { AuthForm } from './AuthForm';
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
  return (
    <AuthForm title="Create your account" onSubmit={() => register.mutate()}>
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
    </AuthForm>
  );
}
