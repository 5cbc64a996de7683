import { ColorSwatch, Table, Text } from '@mantine/core';
import type { AiModelSegment } from '@voxa/contracts';
import { DataTable } from '../../ui/DataTable';

export interface AiModelSegmentsProps {
  segments: readonly AiModelSegment[];
}

/** The model's label map: value, title and the colour a result segmentation gives each segment. */
export function AiModelSegments({ segments }: AiModelSegmentsProps) {
  return (
    <>
      <Text fw={600} mt="lg">
        Segments ({segments.length})
      </Text>
      <DataTable testId="ai-model-segments" minWidth={360} columns={['Value', 'Title', 'Colour']}>
        {segments.map((s) => (
          <Table.Tr key={s.value} data-testid="ai-model-segment">
            <Table.Td>{s.value}</Table.Td>
            <Table.Td>{s.title}</Table.Td>
            <Table.Td>
              <ColorSwatch color={s.color} size={18} aria-label={s.color} />
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </>
  );
}
