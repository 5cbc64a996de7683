import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of a detail page: the label dimmed on the left, the value (text or nodes) beside it. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Text size="sm" c="dimmed" w={130} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Stack gap={2}>{typeof children === 'string' ? <Text size="sm">{children}</Text> : children}</Stack>
    </Group>
  );
}
