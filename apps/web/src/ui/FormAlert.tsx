import { Alert } from '@mantine/core';

export interface FormAlertProps {
  message: string | null;
}

/** The server's message for a failed form, announced to screen readers. */
export function FormAlert({ message }: FormAlertProps) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="form-error">
      {message}
    </Alert>
  );
}
