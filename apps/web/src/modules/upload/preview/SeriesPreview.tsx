import { Box, Text } from '@mantine/core';
import type { FileRef, UploadSeries } from '@voxa/imaging';

export interface SeriesPreviewProps {
  series: UploadSeries;
  /** The browser file behind each of the series' FileRefs (the ingest session's `fileOf`). */
  fileOf: (ref: FileRef) => File | undefined;
}

/** The series' 160 px preview tile. Placeholder until the preview worker lands (issue 3, item 3). */
export function SeriesPreview({ series }: SeriesPreviewProps) {
  return (
    <Box w={160} h={160} bg="black" data-testid="series-preview" aria-label={`Preview of ${series.id}`}>
      <Text c="gray.5" size="xs" ta="center" pt={70}>
        No preview
      </Text>
    </Box>
  );
}
