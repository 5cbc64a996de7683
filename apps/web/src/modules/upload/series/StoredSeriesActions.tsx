import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useCan } from '../../../app/session/usePermissions';
import { openAnnotator } from '../../annotator/openAnnotator';
import { organizePath } from '../../studies/paths';
import type { PageSeries, PageStudy } from '../state/model';

export interface StoredSeriesActionsProps {
  series: PageSeries;
  study: PageStudy;
}

/** Organize and Open, shown only once the series is done and stored (upload-and-organize.md section 2). */
export function StoredSeriesActions({ series, study }: StoredSeriesActionsProps) {
  const can = useCan();
  const storedStudy = study.dbAttributes;
  const storedSeries = series.dbAttributes;
  if (series.status !== 'done' || !storedStudy || !storedSeries) return null;
  return (
    <Group gap={4}>
      {can('r:studies:detail') && (
        <Button component={Link} to={organizePath(storedStudy.uuid)} size="compact-xs" variant="light">
          Organize
        </Button>
      )}
      <Button
        size="compact-xs"
        variant="light"
        onClick={() =>
          openAnnotator(storedStudy.uuid, { caseUuid: storedSeries.uuid, modality: series.modalityCode })
        }
      >
        Open
      </Button>
    </Group>
  );
}
