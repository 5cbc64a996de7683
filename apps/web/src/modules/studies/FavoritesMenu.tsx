import { ActionIcon, CloseButton, Group, Indicator, Menu, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '@voxa/contracts';
import { useState } from 'react';
import { call } from '../../lib/api';
import { useFavorites } from './useFavorites';

/** The header's heart dropdown 'Favorite studies' (section 2.3): each favourite with a remove button. */
export function FavoritesMenu() {
  const { favorites, toggle } = useFavorites();
  const [opened, setOpened] = useState(false);
  const studies = useQuery({
    queryKey: ['studies-v2', 'favorites', favorites],
    queryFn: ({ signal }) => call(api.studies.favorites, { body: { uuids: favorites }, signal }),
    enabled: opened && favorites.length > 0,
  });
  const shown = favorites.length === 0 ? [] : (studies.data ?? []);
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" width={280} closeOnItemClick={false}>
      <Menu.Target>
        <Indicator disabled={favorites.length === 0} size={8} offset={4} color="red">
          <ActionIcon variant="subtle" color="red" size="lg" aria-label="Favorite studies">
            ♥
          </ActionIcon>
        </Indicator>
      </Menu.Target>
      <Menu.Dropdown data-testid="favorites-menu">
        <Menu.Label>Favorite studies</Menu.Label>
        {shown.length === 0 && !studies.isFetching && (
          <Text size="sm" c="dimmed" px="sm" py={6}>
            No items
          </Text>
        )}
        {shown.map((study) => (
          <Group
            key={study.uuid}
            justify="space-between"
            px="sm"
            py={4}
            wrap="nowrap"
            data-testid="favorite-item"
          >
            <Text size="sm" truncate>
              {study.data.patientName || 'Unknown Patient'}
            </Text>
            <CloseButton
              size="sm"
              aria-label={`Remove ${study.data.patientName} from favourites`}
              onClick={() => toggle(study.uuid)}
            />
          </Group>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
