import { Card, Stack, Text } from '@mantine/core';
import type { StudyListItem } from '@voxa/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DataState } from '../../ui/DataState';
import { PageHeader } from '../../ui/PageHeader';
import { inferencePath } from './paths';
import { RunModelForm } from './RunModelForm';
import { StudyPicker } from './StudyPicker';
import { useStudySeries } from './useTeamStudies';

/** /ai-infers/create (r:ai-infers): a study, its series, a model, n and mp; then the new inference. */
export function CreateInferencePage() {
  const navigate = useNavigate();
  const [study, setStudy] = useState<StudyListItem | null>(null);
  const series = useStudySeries(study?.id ?? null);
  return (
    <Stack>
      <PageHeader title="New inference" />
      <Card withBorder>
        <Stack>
          <StudyPicker value={study} onChange={setStudy} />
          {!study ? (
            <Text size="sm" c="dimmed">
              Choose the study to run a model on.
            </Text>
          ) : !series.data ? (
            <DataState error={series.error} />
          ) : (
            <RunModelForm
              key={study.uuid}
              caseUuid={study.uuid}
              series={series.data}
              onStarted={(created) => void navigate(inferencePath(created.inferenceId))}
            />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
