import { ActionIcon, Badge, Group, Table, Text } from '@mantine/core';
import type { StudyListItem } from '@voxa/contracts';
import { formatDate } from '../../lib/format';
import { Slideshow } from './Slideshow';

export interface StudyRowProps {
  study: StudyListItem;
  favorite: boolean;
  onToggleFavorite: (uuid: string) => void;
}

/** One study of the list: preview, pseudonym, labels, counts, dates and the favourite toggle. */
export function StudyRow({ study, favorite, onToggleFavorite }: StudyRowProps) {
  const name = study.data.patientName || 'Unknown Patient';
  return (
    <Table.Tr data-testid="study-row" data-study-uuid={study.uuid}>
      <Table.Td>
        <Slideshow frames={study.cachedSlideshow} label={`Preview of ${name}`} />
      </Table.Td>
      <Table.Td>
        <Text fw={500} data-testid="study-patient-name">
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {study.data.modality ?? ''} · {study.status}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {study.labels.map((label) => (
            <Badge key={label.id} color={label.color} variant="filled" size="sm">
              {label.name}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>{study.series_count}</Table.Td>
      <Table.Td>{study.segmentations.length}</Table.Td>
      <Table.Td>{formatDate(study.created_at)}</Table.Td>
      <Table.Td>{formatDate(study.updated_at)}</Table.Td>
      <Table.Td ta="right">
        <ActionIcon
          variant={favorite ? 'filled' : 'subtle'}
          color="red"
          aria-label={favorite ? `Remove ${name} from favourites` : `Add ${name} to favourites`}
          aria-pressed={favorite}
          onClick={() => onToggleFavorite(study.uuid)}
        >
          {favorite ? '♥' : '♡'}
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
