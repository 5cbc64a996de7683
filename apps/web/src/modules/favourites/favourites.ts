/** Favourite studies (teams-and-account.md 3): study uuids kept in the browser, newest first. */
export type Favourites = readonly string[];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the storage key holds, read defensively: anything but a list of uuids counts as none. */
export function parseFavourites(raw: string | null): Favourites {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return [...new Set(value.filter((v): v is string => typeof v === 'string' && UUID.test(v)))];
  } catch {
    return [];
  }
}

export const isFavourite = (favourites: Favourites, uuid: string) => favourites.includes(uuid);

/** Adds the study first, or removes it when it is there already. */
export function toggleFavourite(favourites: Favourites, uuid: string): Favourites {
  return isFavourite(favourites, uuid) ? removeFavourite(favourites, uuid) : [uuid, ...favourites];
}

export const removeFavourite = (favourites: Favourites, uuid: string): Favourites =>
  favourites.filter((f) => f !== uuid);
