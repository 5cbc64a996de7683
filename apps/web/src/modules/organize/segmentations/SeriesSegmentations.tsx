import { Group, Stack, Text, Title } from '@mantine/core';
import type { OrganizeSeries, Segmentation } from '@voxa/contracts';
import { useState } from 'react';
import { useCan } from '../../../app/session/usePermissions';
import { isOpenable } from '../rules';
import { useOrganizeStudy } from '../useOrganizeApi';
import { AddUserDrawer, type AddUserDrawerProps } from './AddUserDrawer';
import { CreateSegmentation } from './CreateSegmentation';
import { ImportLabelMap } from './ImportLabelMap';
import type { RoleBox } from './rules';
import { SegmentationCard } from './SegmentationCard';

export interface SeriesSegmentationsProps {
  studyUuid: string;
  series: OrganizeSeries;
  seriesName: string;
}

/** The segmentations of one series (from the organize answer), creating or importing one, and the add-user panel. */
export function SeriesSegmentations({ studyUuid, series, seriesName }: SeriesSegmentationsProps) {
  const can = useCan();
  const organize = useOrganizeStudy(studyUuid);
  const [target, setTarget] = useState<AddUserDrawerProps['target']>(null);
  const segmentations = (organize.data?.segmentations ?? []).filter((s) => s.series_id === series.id);

  const openPanel = (s: Segmentation, box: RoleBox) =>
    setTarget({
      team_id: organize.data?.study.team_id ?? 0,
      serie_id: series.id,
      segmentation_id: s.id,
      role_id: box.roleId,
      roleName: box.name,
    });

  return (
    <Stack gap="xs" component="section" aria-label={`Segmentations of ${seriesName}`}>
      <Title order={3} size="h6">
        Segmentations
      </Title>
      {segmentations.length === 0 && (
        <Text size="xs" c="dimmed">
          No segmentations.
        </Text>
      )}
      {segmentations.map((s) => (
        <SegmentationCard key={s.id} studyUuid={studyUuid} segmentation={s} onAddUser={openPanel} />
      ))}
      {can('r:segmentations') && isOpenable(series) && (
        <Group gap="md" align="flex-end">
          <CreateSegmentation studyUuid={studyUuid} seriesUuid={series.uuid} seriesName={seriesName} />
          <ImportLabelMap studyUuid={studyUuid} seriesUuid={series.uuid} seriesName={seriesName} />
          <ImportLabelMap
            studyUuid={studyUuid}
            seriesUuid={series.uuid}
            seriesName={seriesName}
            format="seg"
          />
        </Group>
      )}
      <AddUserDrawer studyUuid={studyUuid} target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
