import type { ApiToken, ApiUser } from '@voxa/contracts';
import type { Selectable } from 'kysely';
import type { ApiTokensTable, ApiUsersTable } from '../../platform/db/schema';
import { iso, isoOrNull } from '../common/time';
import { tokenState } from './policy';

export function presentToken(row: Selectable<ApiTokensTable>, now: Date): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    state: tokenState(row, now),
    expires_at: isoOrNull(row.expires_at),
    last_used_at: isoOrNull(row.last_used_at),
    revoked_at: isoOrNull(row.revoked_at),
    created_at: iso(row.created_at),
  };
}

/** An API user with its role and what its tokens say: how many work, and the latest use of any. */
export function presentApiUser(
  row: Selectable<ApiUsersTable> & { role_name: string },
  tokens: Selectable<ApiTokensTable>[],
  now: Date,
): ApiUser {
  const used = tokens.map((t) => t.last_used_at).filter((d): d is Date => d !== null);
  const last = used.length ? new Date(Math.max(...used.map((d) => d.getTime()))) : null;
  return {
    id: row.id,
    name: row.name,
    role: { id: row.role_id, name: row.role_name },
    active_tokens: tokens.filter((t) => tokenState(t, now) === 'active').length,
    last_used_at: isoOrNull(last),
    created_at: iso(row.created_at),
  };
}
