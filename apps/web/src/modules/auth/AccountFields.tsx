import { PasswordInput, TextInput } from '@mantine/core';
import { fieldError } from '../../lib/formErrors';

export interface AccountValues {
  name: string;
  email: string;
  password: string;
}

export interface AccountFieldsProps {
  values: AccountValues;
  onChange: (values: AccountValues) => void;
  /** The failed request, whose field errors are shown under each input. */
  error: unknown;
}

/** Name, e-mail and new password: the fields of registration and of the first administrator. */
export function AccountFields({ values, onChange, error }: AccountFieldsProps) {
  const set = (field: keyof AccountValues) => (event: { currentTarget: { value: string } }) =>
    onChange({ ...values, [field]: event.currentTarget.value });
  return (
    <>
      <TextInput
        label="Name"
        autoComplete="name"
        required
        value={values.name}
        onChange={set('name')}
        error={fieldError(error, 'name')}
      />
      <TextInput
        label="E-mail"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={set('email')}
        error={fieldError(error, 'email')}
      />
      <PasswordInput
        label="Password"
        description="At least 8 characters."
        autoComplete="new-password"
        required
        value={values.password}
        onChange={set('password')}
        error={fieldError(error, 'password')}
      />
    </>
  );
}
