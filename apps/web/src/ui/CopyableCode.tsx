import { Button, Code, CopyButton, Group } from '@mantine/core';
import { COPIED_MESSAGE_MS } from '@voxa/contracts';

export interface CopyableCodeProps {
  value: string;
  testId: string;
  /** What is copied, for the button's accessible name when a page has several ('Copy base URL'). */
  label?: string;
}

/** A value to paste elsewhere (a secret, an address), with a copy button beside it. */
export function CopyableCode({ value, testId, label }: CopyableCodeProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Code data-testid={testId} style={{ wordBreak: 'break-all' }}>
        {value}
      </Code>
      <CopyButton value={value} timeout={COPIED_MESSAGE_MS}>
        {({ copied, copy }) => (
          <Button size="xs" variant="light" onClick={copy} aria-label={label && `Copy ${label}`}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
