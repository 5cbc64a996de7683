import { ActionIcon, Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { organizePath } from '../studies/paths';

export interface FavouriteItemProps {
  uuid: string;
  name: string;
  onRemove: () => void;
}

/** One favourite study: its patient name opening its organize panel, and a remove button. */
export function FavouriteItem({ uuid, name, onRemove }: FavouriteItemProps) {
  return (
    <Group justify="space-between" wrap="nowrap" px="sm" py={4} data-testid="favourite-item">
      <Anchor component={Link} to={organizePath(uuid)} size="sm" truncate>
        {name}
      </Anchor>
      <ActionIcon
        variant="subtle"
        color="red"
        size="sm"
        aria-label={`Remove ${name} from favorites`}
        onClick={onRemove}
      >
        ×
      </ActionIcon>
    </Group>
  );
}
