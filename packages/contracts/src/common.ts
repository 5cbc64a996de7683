import { z } from 'zod';

/** A row id: a PostgreSQL `integer`, so an out-of-range number is refused before the database. */
export const Id = z.coerce.number().int().positive().max(2_147_483_647);
export const Email = z.string().trim().toLowerCase().max(254).email();
/** Stored in the database as UTC; sent as ISO 8601 and shown as DD.MM.YYYY HH:mm:ss. */
export const Timestamp = z.string();
export const Color = z.string().regex(/^#[0-9a-fA-F]{6}$/);
export const UserData = z.object({ color: Color });
export const Password = z.string().min(8, 'The password must be at least 8 characters.').max(200);
export const IdParams = z.strictObject({ id: Id });
