import { Box, Slider, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useInViewport } from '@mantine/hooks';
import { seriesLabel, sliderRange, type UploadSeries } from '@voxa/imaging';
import { useEffect, useState, type MouseEvent } from 'react';
import { PREVIEW_GAP, PREVIEW_TILE } from './PreviewGrid';
import type { PreviewService } from './previewService';
import { useSeriesPreview } from './useSeriesPreview';

export interface SeriesPreviewProps {
  series: UploadSeries;
  /** Where the series' slices are rendered: workers on the dropped files, or the server for archives. */
  service: PreviewService;
  /** The scaled view, when the tile's container must know (it spans 2 x 2 grid cells instead). */
  scaled?: boolean;
  onScaledChange?: (scaled: boolean) => void;
}

/** Spec section 9: the slider asks for a new slice 100 ms after it stops moving. */
export const SLIDER_DEBOUNCE_MS = 100;
const middle = (max: number) => Math.floor(max / 2);
/** The scaled view covers 2 x 2 tiles of the grid. */
const SCALED_TILE = 2 * PREVIEW_TILE + PREVIEW_GAP;

/**
 * The series' preview tile: the middle slice at first, a slice slider, and a right-click that toggles a
 * scaled view. Nothing is read until the tile has been in view; decoding happens in workers.
 */
export function SeriesPreview({ series, service, ...control }: SeriesPreviewProps) {
  const { ref, inViewport } = useInViewport<HTMLDivElement>();
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (inViewport) setSeen(true);
  }, [inViewport]);
  const [ownScaled, setOwnScaled] = useState(false);
  const scaled = control.scaled ?? ownScaled;
  const [slice, setSlice] = useState(() => middle(sliderRange(series).max));
  const [touched, setTouched] = useState(false);
  const [requestedSlice] = useDebouncedValue(slice, SLIDER_DEBOUNCE_MS);
  const preview = useSeriesPreview(series, service, requestedSlice, seen);
  const range = sliderRange({
    ...series,
    slices: preview.slices,
    generatingPreviewNii: preview.generatingPreviewNii,
  });
  // A converted series may have more slices than it has files: start in the middle of those too.
  useEffect(() => {
    if (!touched) setSlice(middle(range.max));
  }, [range.max, touched]);
  const label = seriesLabel(series);
  const size = scaled ? SCALED_TILE : PREVIEW_TILE;

  const toggleScaled = (event: MouseEvent) => {
    event.preventDefault();
    (control.onScaledChange ?? setOwnScaled)(!scaled);
  };

  return (
    <Stack
      gap={4}
      ref={ref}
      role="group"
      data-testid="series-preview"
      data-scaled={scaled}
      aria-label={`Preview of serie ${label}`}
      style={scaled ? { gridColumn: 'span 2', gridRow: 'span 2' } : undefined}
    >
      <Box
        w={size}
        h={size}
        bg="black"
        pos="relative"
        onContextMenu={toggleScaled}
        aria-busy={preview.outcome === null && seen}
        data-testid="preview-tile"
      >
        {preview.imageUrl ? (
          <img
            src={preview.imageUrl}
            alt={`Serie ${label}, slice ${requestedSlice + 1}`}
            data-testid="preview-image"
            data-slice={requestedSlice}
            style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
          />
        ) : (
          <Text c="gray.5" size="xs" ta="center" pt={size / 2 - 8} data-testid="preview-placeholder">
            {preview.outcome?.kind === 'placeholder' ? preview.outcome.text : 'No preview'}
          </Text>
        )}
        <Text
          c="white"
          size="xs"
          pos="absolute"
          top={4}
          left={6}
          title="Serie number"
          data-testid="preview-label"
        >
          {label}
        </Text>
      </Box>
      <Slider
        w={size}
        size="xs"
        min={range.min}
        max={range.max}
        value={Math.min(slice, range.max)}
        onChange={(value) => {
          setTouched(true);
          setSlice(value);
        }}
        disabled={range.disabled}
        label={(value) => value + 1}
        thumbLabel="Slice"
      />
    </Stack>
  );
}
