import { Anchor, Button, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { useState } from 'react';
import { Link } from 'react-router';
import { call } from '../../lib/api';
import { fieldError, formMessage } from '../../lib/formErrors';
import { FormAlert } from '../../ui/FormAlert';
import { AuthForm } from './AuthForm';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const send = useMutation({ mutationFn: () => call(api.accounts.forgotPassword, { body: { email } }) });
  return (
    <AuthForm title="Forgot password" onSubmit={() => send.mutate()}>
      {send.isSuccess ? (
        <Text role="status">{send.data.message}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            Enter your e-mail address and we will send you a link to choose a new password.
          </Text>
          <FormAlert message={formMessage(send.error)} />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldError(send.error, 'email')}
          />
          <Button type="submit" loading={send.isPending}>
            Send reset link
          </Button>
        </>
      )}
      <Anchor component={Link} to="/login" size="sm">
        Back to sign in
      </Anchor>
    </AuthForm>
  );
}
