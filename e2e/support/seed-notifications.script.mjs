/**
 * `seed-notifications.script.mjs <DATA_DIR> <team slug> <e-mail> <count> <url>`: the user's finished
 * conversions 'Study 1' to 'Study <count>', stored by the server's notify(). Run while the server is
 * stopped (see seedStudy.ts). Plain JS run by tsx, like seed-study.script.mjs.
 */
import path from 'node:path';
import { notify } from '../../apps/server/src/modules/notifications/notify.ts';
import { openDb } from '../../apps/server/src/platform/db/index.ts';

const [dataDir, slug, email, countText, url] = process.argv.slice(2);
const count = Number(countText);
if (!dataDir || !slug || !email || !Number.isInteger(count) || !url) {
  throw new Error('usage: <DATA_DIR> <slug> <e-mail> <count> <url>');
}

// The server is stopped: no socket is connected to hear the push. The tabs refetch when they reconnect.
const noSocketConnected = { toUser: () => undefined, toSocket: async () => false };

const db = await openDb({ dataDir: path.join(dataDir, 'pglite') });
try {
  const team = await db.selectFrom('teams').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  for (let i = 1; i <= count; i++) {
    await notify(
      { db, realtime: noSocketConnected },
      {
        teamId: team.id,
        userId: user.id,
        typeCode: 'upload.conversion.done',
        section: 'uploads',
        url,
        description: `Study ${i}`,
      },
    );
  }
} finally {
  await db.destroy();
}
