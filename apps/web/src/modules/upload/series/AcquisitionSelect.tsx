import { Select } from '@mantine/core';
import { acquisitionOptions, hasAcquisition } from '@voxa/imaging';
import type { PageSeries } from '../state/model';
import { useUpload } from '../uploadContext';
import { useAcquisitions } from '../useUploadApi';
import { useMarkedSeries } from './markedSeries';

export const NO_ACQUISITION_FOUND = 'No acquisition found.';
const CHOOSE_ACQUISITION = 'Choose an acquisition';

export interface AcquisitionSelectProps {
  series: PageSeries;
  disabled: boolean;
}

/** The series' acquisition, among those without a modality or of its own; a choice scores 1.1. */
export function AcquisitionSelect({ series, disabled }: AcquisitionSelectProps) {
  const { dispatch } = useUpload();
  const acquisitions = useAcquisitions();
  const offered = acquisitionOptions(acquisitions.data ?? [], series.modalityCode);
  // Marked by Process until an acquisition is chosen (or the series is unticked).
  const marked = useMarkedSeries().has(series.id) && series.isSelected && !hasAcquisition(series);
  return (
    <Select
      aria-label="Acquisition"
      size="xs"
      w={120}
      searchable
      allowDeselect={false}
      nothingFoundMessage={NO_ACQUISITION_FOUND}
      comboboxProps={{ width: 200, position: 'bottom-start' }}
      disabled={disabled}
      error={marked ? CHOOSE_ACQUISITION : undefined}
      data={offered.map((a) => a.code)}
      value={series.acquisitionCode}
      onChange={(code) => code && dispatch({ type: 'acquisitionChosen', seriesId: series.id, code })}
    />
  );
}
