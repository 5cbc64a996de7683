import { Stack } from '@mantine/core';
import { moveTargets } from '@voxa/imaging';
import type { UploadPageState } from './state/model';
import { StudyCard } from './study/StudyCard';

export interface StudyListProps {
  state: UploadPageState;
}

/** The studies of the upload, each with its series cards. */
export function StudyList({ state }: StudyListProps) {
  const moving = state.movingSeriesId;
  const targets = moving ? moveTargets(state.studies, moving) : [];
  return (
    <Stack gap="md">
      {state.studies.map((study) => (
        <StudyCard
          key={study.id}
          study={study}
          uploadState={state.state}
          anonymizeAll={state.anonymizeAll}
          movingSeriesId={moving}
          moveTarget={targets.find((t) => t.studyId === study.id)}
        />
      ))}
    </Stack>
  );
}
