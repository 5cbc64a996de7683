import { SimpleGrid, Text } from '@mantine/core';

export interface MetaListProps {
  entries: readonly [title: string, value: string][];
  testId: string;
}

/** Header fields as title and value pairs. */
export function MetaList({ entries, testId }: MetaListProps) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" verticalSpacing={4} data-testid={testId}>
      {entries.map(([title, value]) => (
        <div key={title}>
          <Text size="xs" c="dimmed">
            {title}
          </Text>
          <Text size="sm" truncate title={value}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
