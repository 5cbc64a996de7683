import { ActionIcon } from '@mantine/core';
import { isFavourite } from './favourites';
import { useFavourites } from './useFavourites';

/** The per-study heart of the studies list. */
export function FavouriteToggle({ uuid }: { uuid: string }) {
  const { favourites, toggle } = useFavourites();
  const on = isFavourite(favourites, uuid);
  return (
    <ActionIcon
      variant="subtle"
      color={on ? 'red' : 'gray'}
      aria-label="Favorite"
      aria-pressed={on}
      onClick={() => toggle(uuid)}
    >
      <span aria-hidden>{on ? '♥' : '♡'}</span>
    </ActionIcon>
  );
}
