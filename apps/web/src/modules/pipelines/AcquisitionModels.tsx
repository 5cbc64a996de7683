import { Badge, Group, Text } from '@mantine/core';
import type { TeamPipeline } from '@voxa/contracts';

/** Each required acquisition with the models run on it. */
export function AcquisitionModels({ acquisitions }: Pick<TeamPipeline, 'acquisitions'>) {
  return (
    <>
      {acquisitions.map((a) => (
        <Group key={a.code} gap={4} data-testid="pipeline-step" data-code={a.code}>
          <Badge variant="light">{a.code}</Badge>
          <Text size="sm">{a.models.length > 0 ? a.models.join(', ') : 'no models'}</Text>
        </Group>
      ))}
    </>
  );
}
