import { Badge, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { V2UploadState } from '@voxa/imaging';
import { PREVIEW_GAP, PREVIEW_TILE } from '../preview/PreviewGrid';
import { previewServiceFor } from '../preview/previewService';
import { SeriesPreview } from '../preview/SeriesPreview';
import { serverPreviewServiceFor } from '../preview/serverPreview';
import type { PageSeries, PageStudy } from '../state/model';
import { useUpload } from '../uploadContext';
import { ConversionWarnings } from '../../../ui/ConversionWarnings';
import { SeriesControls } from './SeriesControls';
import { StoredSeriesActions } from './StoredSeriesActions';

export interface SeriesCardProps {
  series: PageSeries;
  study: PageStudy;
  uploadState: V2UploadState;
  /** This series was chosen with Move. */
  moving: boolean;
}

const SCALED_WIDTH = 2 * PREVIEW_TILE + PREVIEW_GAP;

/** One series tile: its preview, what it holds, and its controls; a scaled preview widens the card. */
export function SeriesCard({ series, study, uploadState, moving }: SeriesCardProps) {
  const { fileOf, page } = useUpload();
  const service =
    series.uploadId && page.serverSession
      ? serverPreviewServiceFor(page.serverSession)
      : previewServiceFor(fileOf);
  const [scaled, setScaled] = useState(false);
  return (
    <Paper
      withBorder
      w={scaled ? SCALED_WIDTH : PREVIEW_TILE}
      style={scaled ? { gridColumn: 'span 2', gridRow: 'span 2' } : undefined}
      data-testid="series-row"
      data-series-id={series.id}
      aria-label={`Series ${series.seriesNumber ?? series.id}`}
      bd={moving ? '2px solid var(--mantine-color-blue-6)' : undefined}
    >
      <SeriesPreview series={series} service={service} scaled={scaled} onScaledChange={setScaled} />
      <Stack gap={4} p={6}>
        <Text size="xs" truncate title={series.seriesDescription ?? undefined}>
          {series.seriesDescription ?? series.files[0]?.name ?? ''}
        </Text>
        <Text size="xs" c="dimmed">
          <span data-testid="series-slices">{series.cnt}</span> slices ·{' '}
          <span data-testid="series-frames">{series.numberOfFrames}</span> frames
        </Text>
        {series.status && (
          <Badge size="xs" variant="light" data-testid="series-status">
            {series.status}
          </Badge>
        )}
        <ConversionWarnings warnings={series.conversionWarnings} converter={series.converter} />
        <SeriesControls series={series} study={study} uploadState={uploadState} moving={moving} />
        <StoredSeriesActions series={series} study={study} />
      </Stack>
    </Paper>
  );
}
