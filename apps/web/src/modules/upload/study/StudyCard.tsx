import { Alert, Button, Card, Group, Stack } from '@mantine/core';
import type { MoveTarget, V2UploadState } from '@voxa/imaging';
import { LabelPicker } from '../../labels/LabelPicker';
import { SeriesCard } from '../series/SeriesCard';
import { PreviewGrid } from '../preview/PreviewGrid';
import type { PageStudy } from '../state/model';
import { useUpload } from '../uploadContext';
import { DuplicateWarning } from './DuplicateWarning';
import { PipelineSelect } from './PipelineSelect';
import { RecognitionStatus } from './RecognitionStatus';
import { StudyHeader } from './StudyHeader';

export interface StudyCardProps {
  study: PageStudy;
  uploadState: V2UploadState;
  anonymizeAll: boolean;
  movingSeriesId: string | null;
  /** Present while a series is being moved: this study as a Move here target. */
  moveTarget: MoveTarget | undefined;
}

export const NO_SERIES_WARNING = 'This study has no series and will not be uploaded.';

export function StudyCard({ study, uploadState, anonymizeAll, movingSeriesId, moveTarget }: StudyCardProps) {
  const { dispatch } = useUpload();
  const editable = uploadState === 'preview';
  return (
    <Card
      withBorder
      component="section"
      aria-label={`Study ${study.patientName}`}
      data-testid="study"
      data-study-id={study.id}
    >
      <Stack gap="sm">
        <StudyHeader study={study} editable={editable} anonymizeAll={anonymizeAll} />
        <RecognitionStatus study={study} />
        <DuplicateWarning studyInstanceUid={study.studyInstanceUid} />
        {study.series.length === 0 && <Alert color="yellow">{NO_SERIES_WARNING}</Alert>}
        <Group align="flex-end" gap="md">
          <LabelPicker
            label="Labels"
            width={260}
            attached={study.labels}
            disabled={!editable}
            onAttach={(label) => dispatch({ type: 'labelAttached', studyId: study.id, label })}
            onDetach={(label) => dispatch({ type: 'labelDetached', studyId: study.id, labelId: label.id })}
          />
          <PipelineSelect study={study} disabled={!editable} />
          {moveTarget && (
            <Button
              variant="light"
              disabled={moveTarget.disabled}
              onClick={() => dispatch({ type: 'movedHere', studyId: study.id })}
            >
              Move here
            </Button>
          )}
        </Group>
        <PreviewGrid>
          {study.series.map((series) => (
            <SeriesCard
              key={series.id}
              series={series}
              study={study}
              uploadState={uploadState}
              moving={movingSeriesId === series.id}
            />
          ))}
        </PreviewGrid>
      </Stack>
    </Card>
  );
}
