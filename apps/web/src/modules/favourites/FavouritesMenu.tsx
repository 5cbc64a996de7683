import { ActionIcon, Anchor, Group, Menu, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useFavourites } from './useFavourites';

export const FAVOURITES_TITLE = 'Favorite studies';

/** The header's heart dropdown: the favourite studies, each opening its organize panel, each removable. */
export function FavouritesMenu() {
  const { favourites, remove } = useFavourites();
  return (
    <Menu position="bottom-end" width={320} closeOnItemClick={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={FAVOURITES_TITLE} size="lg">
          <span aria-hidden>♥</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown data-testid="favourites-menu">
        <Menu.Label>{FAVOURITES_TITLE}</Menu.Label>
        {favourites.length === 0 && (
          <Text size="sm" c="dimmed" px="sm" py={4}>
            No items
          </Text>
        )}
        {favourites.map((uuid) => (
          <Group key={uuid} justify="space-between" wrap="nowrap" px="sm" py={4} data-testid="favourite-item">
            <Anchor component={Link} to={`/serie/organize/${uuid}`} size="sm" ff="monospace">
              {uuid.slice(0, 8)}
            </Anchor>
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={`Remove ${uuid} from favorites`}
              onClick={() => remove(uuid)}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
