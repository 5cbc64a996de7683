import { Box, Card, Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { FileRef, UploadStudy } from '@voxa/imaging';
import { PreviewGrid } from './preview/PreviewGrid';
import { SeriesPreview } from './preview/SeriesPreview';

export interface StudyListProps {
  studies: UploadStudy[];
  fileOf: (ref: FileRef) => File | undefined;
}

/** The studies of the drop with their series, read-only for now (editing is later work). */
export function StudyList({ studies, fileOf }: StudyListProps) {
  return (
    <Stack gap="md">
      {studies.map((study) => (
        <Card
          withBorder
          key={study.id}
          component="section"
          aria-label={`Study ${study.patientName}`}
          data-testid="study"
        >
          <Group gap="md" mb="sm">
            <Title order={3} size="h5" data-testid="study-patient">
              {study.patientName || 'Unnamed patient'}
            </Title>
            <Text size="sm" c="dimmed">
              {study.modality} · {study.studyDate ?? 'no date'} · {study.series.length} series
            </Text>
          </Group>
          <Table withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Selected</Table.Th>
                <Table.Th>Serie number</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Modality</Table.Th>
                <Table.Th>Slices</Table.Th>
                <Table.Th>Frames</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {study.series.map((series) => (
                <Table.Tr key={series.id} data-testid="series-row">
                  <Table.Td>
                    <Checkbox
                      checked={series.isSelected}
                      readOnly
                      aria-label={`Series ${series.seriesNumber ?? '?'} selected`}
                    />
                  </Table.Td>
                  <Table.Td data-testid="series-number">{series.seriesNumber ?? '?'}</Table.Td>
                  <Table.Td>{series.seriesDescription ?? ''}</Table.Td>
                  <Table.Td data-testid="series-modality">{series.modalityCode}</Table.Td>
                  <Table.Td data-testid="series-slices">{series.cnt}</Table.Td>
                  <Table.Td data-testid="series-frames">{series.numberOfFrames}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Box mt="sm">
            <PreviewGrid>
              {study.series.map((series) => (
                <SeriesPreview key={series.id} series={series} fileOf={fileOf} />
              ))}
            </PreviewGrid>
          </Box>
        </Card>
      ))}
    </Stack>
  );
}
