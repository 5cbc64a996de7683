import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { deselectedNote, isSelectable, type V2UploadState } from '@voxa/imaging';
import type { PageSeries, PageStudy } from '../state/model';
import { useUpload } from '../uploadContext';
import { AcquisitionSelect } from './AcquisitionSelect';
import { ModalitySelect } from './ModalitySelect';
import { SeriesNumberInput } from './SeriesNumberInput';

export interface SeriesControlsProps {
  series: PageSeries;
  study: PageStudy;
  uploadState: V2UploadState;
  moving: boolean;
}

/** Select, number, acquisition, modality (NIfTI), reference, and Move (NIfTI). */
export function SeriesControls({ series, study, uploadState, moving }: SeriesControlsProps) {
  const { dispatch } = useUpload();
  const editable = uploadState === 'preview';
  const seriesId = series.id;
  return (
    <Stack gap={6}>
      <Group gap={6} wrap="nowrap">
        <Checkbox
          aria-label="Select series"
          checked={series.isSelected}
          disabled={!isSelectable(series, uploadState, study.acquisitionRecognizing)}
          onChange={() => dispatch({ type: 'seriesSelectionToggled', seriesId })}
        />
        <SeriesNumberInput key={series.seriesNumber ?? ''} series={series} disabled={!editable} />
      </Group>
      {editable && deselectedNote(series) && (
        <Text size="xs" c="dimmed" data-testid="deselected-note">
          {deselectedNote(series)}
        </Text>
      )}
      <AcquisitionSelect series={series} disabled={!editable} />
      {series.type === 'nii' ? (
        <ModalitySelect series={series} disabled={!editable} />
      ) : (
        <Text size="xs" data-testid="series-modality">
          {series.modalityCode}
        </Text>
      )}
      <Group gap={4}>
        <Button
          size="compact-xs"
          variant={series.ref_serie ? 'filled' : 'default'}
          aria-pressed={series.ref_serie === true}
          disabled={!editable}
          onClick={() => dispatch({ type: 'referenceToggled', seriesId })}
        >
          Reference
        </Button>
        {series.type === 'nii' && editable && (
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => dispatch(moving ? { type: 'moveCancelled' } : { type: 'moveStarted', seriesId })}
          >
            {moving ? 'Cancel move' : 'Move'}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
