import { Group, Text } from '@mantine/core';

export interface LogoProps {
  size?: number;
}

export function Logo({ size = 28 }: LogoProps) {
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/favicon.svg" width={size} height={size} alt="" />
      <Text fw={700} size="lg">
        Voxa
      </Text>
    </Group>
  );
}
