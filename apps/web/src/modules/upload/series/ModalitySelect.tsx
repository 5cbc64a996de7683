import { Select } from '@mantine/core';
import type { PageSeries } from '../state/model';
import { useUpload } from '../uploadContext';
import { useModalities } from '../useUploadApi';

export const NO_MODALITY_FOUND = 'No modality found.';

export interface ModalitySelectProps {
  series: PageSeries;
  disabled: boolean;
}

/** A NIfTI series has no modality of its own, so it is chosen here (CT by default). */
export function ModalitySelect({ series, disabled }: ModalitySelectProps) {
  const { dispatch } = useUpload();
  const modalities = useModalities();
  return (
    <Select
      aria-label="Modality"
      data-testid="series-modality"
      size="xs"
      w={120}
      searchable
      allowDeselect={false}
      nothingFoundMessage={NO_MODALITY_FOUND}
      disabled={disabled}
      data={(modalities.data ?? []).map((m) => m.code)}
      value={series.modalityCode}
      onChange={(modality) => modality && dispatch({ type: 'modalityChosen', seriesId: series.id, modality })}
    />
  );
}
