import { Drawer, Stack } from '@mantine/core';
import { RIGHT_PANEL_WIDTH } from '@voxa/contracts';
import { seriesLabel, sliceSpacingWarning, type UploadSeries } from '@voxa/imaging';
import { useMemo } from 'react';
import { formatBytes } from '../../lib/format';
import { DetailField } from '../../ui/DetailField';
import { previewServiceFor, type PreviewService } from '../upload/preview/previewService';
import { SeriesPreview } from '../upload/preview/SeriesPreview';

const mm = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100) / 100} mm`);

/**
 * The right slide-in panel (spec 2, 750 px) of one series of the batch before it is sent: its slices,
 * read from the dropped files by V2's preview workers, and what decides its checkbox and its warning.
 */
export function SeriesDrawer({
  series,
  fileOf,
  onClose,
}: {
  series: UploadSeries | null;
  fileOf: Parameters<typeof previewServiceFor>[0];
  onClose: () => void;
}) {
  const service: PreviewService = useMemo(() => previewServiceFor(fileOf), [fileOf]);
  return (
    <Drawer
      opened={series !== null}
      onClose={onClose}
      position="right"
      size={RIGHT_PANEL_WIDTH}
      title={series ? `Serie ${seriesLabel(series)}` : ''}
    >
      {series && (
        <Stack data-testid="v1-series-drawer">
          <SeriesPreview series={series} service={service} />
          <DetailField label="Description">{series.seriesDescription ?? '—'}</DetailField>
          <DetailField label="Modality">{series.modalityCode}</DetailField>
          <DetailField label="Images">
            {`${series.cnt} slices · ${series.numberOfFrames} frames · ${formatBytes(series.totalFileSize)}`}
          </DetailField>
          <DetailField label="Matrix">
            {series.rows && series.columns ? `${series.columns} × ${series.rows}` : '—'}
          </DetailField>
          <DetailField label="Slice thickness">{mm(series.sliceThickness)}</DetailField>
          <DetailField label="Table spacing">{mm(series.tablePositionSpacing)}</DetailField>
          <DetailField label="Orientation">
            {series.imageOrientationEqual ? 'equal across slices' : 'differs between slices'}
          </DetailField>
          {sliceSpacingWarning(series) && (
            <DetailField label="Warning">{sliceSpacingWarning(series) ?? ''}</DetailField>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
