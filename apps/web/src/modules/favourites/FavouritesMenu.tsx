import { ActionIcon, Menu, Text } from '@mantine/core';
import { FavouriteItem } from './FavouriteItem';
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
          <FavouriteItem key={uuid} uuid={uuid} onRemove={() => remove(uuid)} />
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
