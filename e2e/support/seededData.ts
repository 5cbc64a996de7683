import { serverCall } from './apiCall';
import { uploadSeriesWithToken } from './apiUpload';
import { SEEDED_CT, SEEDED_MR, SEEDED_OWNER, SEEDED_TEAM, type SeededData } from './seeded';
import { startServerFrom } from './serverProcess';

/**
 * Makes the seeded data (seeded.ts) through the real HTTP API of a real server started on `pglite`:
 * installs the administrator, creates the team, uploads the CT and the MR and waits for their
 * conversion (as the install, team and upload pages would), then stops the server and answers its
 * DATA_DIR, which the caller removes.
 */
export async function makeSeededData(pglite: string): Promise<SeededData> {
  const server = await startServerFrom({ pglite });
  try {
    const { token } = await serverCall<{ token: string }>(server.baseUrl, 'POST', '/install', {
      body: SEEDED_OWNER,
    });
    await serverCall(server.baseUrl, 'POST', '/teams', { body: SEEDED_TEAM, token });
    const upload = ({ files, modality, headers }: typeof SEEDED_CT) =>
      uploadSeriesWithToken(token, server.baseUrl, SEEDED_TEAM.slug, files, modality, {
        headers,
        finish: true,
      });
    const ct = await upload(SEEDED_CT);
    const mr = await upload(SEEDED_MR);
    await server.stop({ keepData: true });
    return { dataDir: server.dataDir, ct, mr };
  } catch (error) {
    await server.stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${server.output()}`);
  }
}
