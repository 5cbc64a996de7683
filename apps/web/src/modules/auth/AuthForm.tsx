import { Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

export interface AuthPanelProps {
  title: string;
  children: ReactNode;
}

/** A sign-in page's column: its heading, then the content. */
export function AuthPanel({ title, children }: AuthPanelProps) {
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export interface AuthFormProps extends AuthPanelProps {
  /** Called on submit; the browser's own submission and validation are turned off. */
  onSubmit: () => void;
}

/** A sign-in page whose content is one form. */
export function AuthForm({ title, onSubmit, children }: AuthFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <AuthPanel title={title}>{children}</AuthPanel>
    </form>
  );
}
