import { ActionIcon, Loader, Menu, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { useState } from 'react';
import { call } from '../../lib/api';
import { FavouriteItem } from './FavouriteItem';
import { useFavourites } from './useFavourites';

export const FAVOURITES_TITLE = 'Favorite studies';

/**
 * The header's heart dropdown: the favourite studies this team holds, by patient name (POST
 * /studies-v2/favorites, asked when it opens), each opening its organize panel, each removable.
 */
export function FavouritesMenu() {
  const { favourites, remove } = useFavourites();
  const [opened, setOpened] = useState(false);
  const studies = useQuery({
    queryKey: ['studies', 'favorites', favourites],
    queryFn: ({ signal }) => call(api.studies.favorites, { body: { uuids: [...favourites] }, signal }),
    enabled: opened && favourites.length > 0,
    placeholderData: keepPreviousData,
  });
  // A removed favourite leaves at once, before the answer for the shorter list.
  const shown = (studies.data ?? []).filter((s) => favourites.includes(s.uuid));
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" width={320} closeOnItemClick={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={FAVOURITES_TITLE} size="lg">
          <span aria-hidden>♥</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown data-testid="favourites-menu">
        <Menu.Label>{FAVOURITES_TITLE}</Menu.Label>
        {studies.isFetching && shown.length === 0 && <Loader size="xs" mx="sm" my={4} />}
        {shown.length === 0 && !studies.isFetching && (
          <Text size="sm" c="dimmed" px="sm" py={4}>
            No items
          </Text>
        )}
        {shown.map((study) => (
          <FavouriteItem
            key={study.uuid}
            uuid={study.uuid}
            name={study.data.patientName}
            onRemove={() => remove(study.uuid)}
          />
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
