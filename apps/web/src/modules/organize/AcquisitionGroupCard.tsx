import { Stack, Title } from '@mantine/core';
import type { OrganizeSeries, StudyListItem } from '@voxa/contracts';
import { OrganizeSeriesCard } from './OrganizeSeriesCard';
import type { AcquisitionGroup } from './rules';

export interface AcquisitionGroupCardProps {
  group: AcquisitionGroup<OrganizeSeries>;
  studyUuid: string;
  enabled: boolean;
  moveTargets: readonly StudyListItem[];
  onStep: (series: OrganizeSeries, step: -1 | 1) => void;
  onReference: (series: OrganizeSeries) => void;
  onMoveTo: (series: OrganizeSeries, studyId: number) => void;
}

/** The series of one acquisition code, in their sort order. */
export function AcquisitionGroupCard({ group, ...rest }: AcquisitionGroupCardProps) {
  const code = group.acquisitionCode ?? 'NONE';
  return (
    <Stack gap="xs" component="section" aria-label={`Acquisition ${code}`} data-testid="acquisition-group">
      <Title order={2} size="h5">
        Acquisition {code}
      </Title>
      {group.series.map((series, i) => (
        <OrganizeSeriesCard
          key={series.id}
          series={series}
          studyUuid={rest.studyUuid}
          first={i === 0}
          last={i === group.series.length - 1}
          enabled={rest.enabled}
          moveTargets={rest.moveTargets}
          onStep={(step) => rest.onStep(series, step)}
          onReference={() => rest.onReference(series)}
          onMoveTo={(studyId) => rest.onMoveTo(series, studyId)}
        />
      ))}
    </Stack>
  );
}
