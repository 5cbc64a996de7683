/** The Structures pages (teams-and-account.md 2.1: /structures with children empty, create, detail/:detail?). */
export const STRUCTURES_PATH = '/structures';
export const CREATE_STRUCTURE_PATH = '/structures/create';
export const structurePath = (slug: string) => `/structures/detail/${encodeURIComponent(slug)}`;
