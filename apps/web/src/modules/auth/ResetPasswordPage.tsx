import { Anchor, Button, PasswordInput, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../lib/api';
import { fieldError, formMessage } from '../../lib/formErrors';
import { FormAlert } from '../../ui/FormAlert';
import { AuthForm, AuthPanel } from './AuthForm';

export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [password, setPassword] = useState('');
  const reset = useMutation({
    mutationFn: () => call(api.accounts.resetPassword, { body: { token, password } }),
  });
  if (!token) {
    return (
      <AuthPanel title="Reset password">
        <Text>This link is incomplete. Please use the link from the e-mail, or ask for a new one.</Text>
        <Anchor component={Link} to="/forgot-password">
          Ask for a new link
        </Anchor>
      </AuthPanel>
    );
  }
  return (
    <AuthForm title="Reset password" onSubmit={() => reset.mutate()}>
      {reset.isSuccess ? (
        <>
          <Text role="status">{reset.data.message}</Text>
          <Button component={Link} to="/login">
            Sign in
          </Button>
        </>
      ) : (
        <>
          <FormAlert message={formMessage(reset.error)} />
          <PasswordInput
            label="New password"
            description="At least 8 characters."
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldError(reset.error, 'password')}
          />
          <Button type="submit" loading={reset.isPending}>
            Set new password
          </Button>
        </>
      )}
    </AuthForm>
  );
}
