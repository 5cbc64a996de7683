import { runScript } from './runScript';

/** What each seeded notification opens. */
export const SEEDED_NOTIFICATION_URL = '/studies-v2';

/**
 * Notifies the user `count` times in the team through the server's own notify() (one finished conversion
 * each, described 'Study 1' up, the last the newest), with `seed-notifications.script.mjs`. Call it while
 * the server is stopped; the open tabs hear of them when their sockets reconnect.
 */
export async function seedNotifications(
  dataDir: string,
  teamSlug: string,
  email: string,
  count: number,
): Promise<void> {
  const args = [dataDir, teamSlug, email, String(count), SEEDED_NOTIFICATION_URL];
  await runScript('seed-notifications.script.mjs', args, 'seeding notifications');
}
