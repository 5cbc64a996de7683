import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { OrganizeSeries, OrganizeStudy } from '@voxa/contracts';
import { Link } from 'react-router';
import { useCan } from '../../app/session/usePermissions';
import { formatDate } from '../../lib/format';
import { notifyError } from '../../ui/notify';
import { FavouriteToggle } from '../favourites/FavouriteToggle';
import { caseInferencesPath } from '../inference/paths';
import { StudyLabels } from '../studies/StudyLabels';
import { AcquisitionGroupCard } from './AcquisitionGroupCard';
import { MetaList } from './MetaList';
import { groupByAcquisition, metaEntries, moveByStep, referenceAfterClick, type MetaKeys } from './rules';
import { StudyNameEditor } from './StudyNameEditor';
import { organizeKey, useChangeSort, useMoveSeries, useMoveTargets, useSetReference } from './useOrganizeApi';

export interface OrganizeStudyViewProps {
  study: OrganizeStudy;
  series: OrganizeSeries[];
}

const STUDY_META: MetaKeys = [
  ['Patient sex', 'patientSex'],
  ['Study date', 'studyDate'],
  ['Study time', 'studyTime'],
  ['Modality', 'modality'],
  ['Body part', 'bodyPart'],
  ['Pipeline', 'pipelineCode'],
];

/** The organize panel of one study: name, headers, labels, and its series by acquisition code. */
export function OrganizeStudyView({ study, series }: OrganizeStudyViewProps) {
  const can = useCan();
  const changeSort = useChangeSort(study.uuid);
  const setReference = useSetReference(study.uuid, study.id);
  const moveSeries = useMoveSeries(study.uuid);
  const targets = useMoveTargets(study.upload_id, study.id);
  const busy = changeSort.isPending || setReference.isPending || moveSeries.isPending;
  const name = typeof study.data.patientName === 'string' ? study.data.patientName : study.study_id;

  const step = (moving: OrganizeSeries, by: -1 | 1) => {
    const group = series.filter((s) => s.acquisition_code === moving.acquisition_code);
    const changes = moveByStep(group, moving.id, by);
    if (changes.length === 0) return;
    changeSort.mutate(
      {
        series: changes.map((c) => ({ id: Number(c.id), sort: c.sort })),
        acquisitionCode: moving.acquisition_code,
      },
      { onError: notifyError },
    );
  };

  return (
    <Stack>
      <Card withBorder data-testid="organize-study" data-study-uuid={study.uuid}>
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <StudyNameEditor uuid={study.uuid} studyId={study.id} name={name} />
              {study.duplicate && (
                <Badge color="orange" variant="light" data-testid="duplicate-badge">
                  Duplicate
                </Badge>
              )}
            </Group>
            <Group gap="xs" wrap="nowrap">
              {can('r:ai-infers') && (
                <Button size="xs" variant="light" component={Link} to={caseInferencesPath(study.uuid)}>
                  Inferences
                </Button>
              )}
              <FavouriteToggle uuid={study.uuid} />
            </Group>
          </Group>
          <Text size="xs" c="dimmed">
            Created {formatDate(study.created_at)} · updated {formatDate(study.updated_at)} · {study.status}
          </Text>
          <MetaList entries={metaEntries(study.data, STUDY_META)} testId="study-meta" />
          <StudyLabels
            studyId={study.id}
            labels={study.labels}
            editable={can('r:upload') || can('r:studies:detail')}
            alsoRefresh={[organizeKey(study.uuid)]}
          />
        </Stack>
      </Card>
      {series.length === 0 && <Text c="dimmed">This study has no series.</Text>}
      {groupByAcquisition(series).map((group) => (
        <AcquisitionGroupCard
          key={group.acquisitionCode ?? ''}
          group={group}
          studyUuid={study.uuid}
          enabled={!busy}
          moveTargets={targets.data ?? []}
          onStep={step}
          onReference={(clicked) =>
            setReference.mutate(referenceAfterClick(series, clicked.id), { onError: notifyError })
          }
          onMoveTo={(moving, studyId) =>
            moveSeries.mutate({ series: [moving.id], study_id: studyId }, { onError: notifyError })
          }
        />
      ))}
    </Stack>
  );
}
