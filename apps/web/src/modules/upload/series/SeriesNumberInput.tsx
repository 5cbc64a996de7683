import { NumberInput, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { NIFTI_SERIES_NUMBER_TOOLTIP, parseSeriesNumber, UNKNOWN_SERIES_NUMBER_LABEL } from '@voxa/imaging';
import { useState } from 'react';
import type { PageSeries } from '../state/model';
import { useUpload } from '../uploadContext';

export interface SeriesNumberInputProps {
  series: PageSeries;
  disabled: boolean;
}

/**
 * The series number, saved on blur or Enter; an empty value is the danger toast and a required input.
 * NIfTI has none: '?' with the spec's tooltip.
 */
export function SeriesNumberInput({ series, disabled }: SeriesNumberInputProps) {
  const { dispatch } = useUpload();
  const [text, setText] = useState(series.seriesNumber === null ? '' : String(series.seriesNumber));
  if (series.type === 'nii') {
    return (
      <Tooltip label={NIFTI_SERIES_NUMBER_TOOLTIP} multiline w={220}>
        <Text size="sm" data-testid="series-number" tabIndex={0}>
          {UNKNOWN_SERIES_NUMBER_LABEL}
        </Text>
      </Tooltip>
    );
  }
  const missing = series.seriesNumber === null;
  const save = () => {
    const parsed = parseSeriesNumber(text);
    if (!parsed.ok) notifications.show({ color: 'red', message: parsed.error });
    const seriesNumber = parsed.ok ? parsed.value : null;
    if (seriesNumber !== series.seriesNumber) {
      dispatch({ type: 'seriesNumberChanged', seriesId: series.id, seriesNumber });
    }
  };
  return (
    <NumberInput
      aria-label="Serie number"
      data-testid="series-number"
      size="xs"
      w={90}
      hideControls
      allowDecimal={false}
      allowNegative={false}
      required={missing}
      error={missing}
      disabled={disabled}
      value={text}
      onChange={(value) => setText(String(value))}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
      }}
    />
  );
}
