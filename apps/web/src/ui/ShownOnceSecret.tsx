import { Alert, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CopyableCode } from './CopyableCode';

/**
 * A token's secret, shown once after it is made (the server keeps only its hash): the secret with a copy
 * button, and `children` saying how it is sent.
 */
export function ShownOnceSecret({
  title,
  secret,
  testId,
  onClose,
  children,
}: {
  title: string;
  secret: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Alert color="yellow" title={title} withCloseButton onClose={onClose}>
      <Text size="sm" mb="xs">
        Copy it now: it is shown only once. {children}
      </Text>
      <CopyableCode value={secret} testId={testId} />
    </Alert>
  );
}
