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
    const call = async <T>(apiPath: string, body: unknown, token?: string): Promise<T> => {
      const res = await fetch(`${server.baseUrl}/api${apiPath}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      const answer = (await res.json()) as T;
      if (!res.ok) throw new Error(`POST ${apiPath}: ${res.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    const { token } = await call<{ token: string }>('/install', SEEDED_OWNER);
    await call('/teams', SEEDED_TEAM, token);
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
