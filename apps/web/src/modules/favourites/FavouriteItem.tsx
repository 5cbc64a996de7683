import { ActionIcon, Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { organizePath } from '../studies/paths';
import { useStudyName } from '../studies/studyNames';

export interface FavouriteItemProps {
  uuid: string;
  onRemove: () => void;
}

/** One favourite study: its patient name once this tab has shown it (else the uuid's start), and remove. */
export function FavouriteItem({ uuid, onRemove }: FavouriteItemProps) {
  const name = useStudyName(uuid);
  return (
    <Group justify="space-between" wrap="nowrap" px="sm" py={4} data-testid="favourite-item">
      <Anchor component={Link} to={organizePath(uuid)} size="sm" ff={name ? undefined : 'monospace'} truncate>
        {name ?? uuid.slice(0, 8)}
      </Anchor>
      <ActionIcon
        variant="subtle"
        color="red"
        size="sm"
        aria-label={`Remove ${name ?? uuid} from favorites`}
        onClick={onRemove}
      >
        ×
      </ActionIcon>
    </Group>
  );
}
