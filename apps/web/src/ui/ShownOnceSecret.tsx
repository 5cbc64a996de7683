import { Alert, Button, Code, CopyButton, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

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
      <Group gap="xs" wrap="nowrap">
        <Code data-testid={testId} style={{ wordBreak: 'break-all' }}>
          {secret}
        </Code>
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Alert>
  );
}
