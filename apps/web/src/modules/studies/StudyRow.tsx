import { Button, Stack, Table, Text } from '@mantine/core';
import type { StudyListItem } from '@voxa/contracts';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { FavouriteToggle } from '../favourites/FavouriteToggle';
import { organizePath } from './paths';
import { Slideshow } from './Slideshow';
import { StudyLabels } from './StudyLabels';
import { segmentationSummary } from './segmentationCounts';

export interface StudyRowProps {
  study: StudyListItem;
  canOrganize: boolean;
  canEditLabels: boolean;
}

/** One study of the list: slideshow, patient, dates, labels, segmentations, favourite, organize link. */
export function StudyRow({ study, canOrganize, canEditLabels }: StudyRowProps) {
  const name = study.data.patientName;
  return (
    <Table.Tr data-testid="study-row" data-study-uuid={study.uuid}>
      <Table.Td>
        <Slideshow frames={study.cachedSlideshow} size={72} label={name} />
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Text fw={600} size="sm" data-testid="study-patient-name">
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {study.data.modality ?? '?'} · {study.series_count} series
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td data-testid="study-created">{formatDate(study.created_at)}</Table.Td>
      <Table.Td>{formatDate(study.updated_at)}</Table.Td>
      <Table.Td>
        <StudyLabels studyId={study.id} labels={study.labels} editable={canEditLabels} />
      </Table.Td>
      <Table.Td data-testid="study-segmentations">{segmentationSummary(study.segmentations)}</Table.Td>
      <Table.Td>
        <FavouriteToggle uuid={study.uuid} />
      </Table.Td>
      <Table.Td>
        {canOrganize && (
          <Button component={Link} to={organizePath(study.uuid)} size="xs" variant="light">
            Organize
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
