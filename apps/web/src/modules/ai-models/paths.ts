/** The AI model pages (teams-and-account.md 2.1, AI (v2)). */
export const AI_MODELS_PATH = '/ai2-model';
export const CREATE_AI_MODEL_PATH = '/ai2-model/create';
export const aiModelPath = (id: number) => `/ai2-model/${id}`;
export const editAiModelPath = (id: number) => `/ai2-model/${id}/edit`;

/** A model id from the address: a positive integer, else null. */
export function idFrom(text: string | undefined): number | null {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Where a v1 page (/models, /models/create, /models/create_old, /models/detail?id=) lands among the v2
 * ones: v1 and v2 show the same models, so v1 addresses are kept as redirects (decision 0043).
 */
export function v2PathOf(pathname: string, search: URLSearchParams): string {
  const page = pathname.replace(/\/+$/, '').split('/')[2];
  if (page === 'create' || page === 'create_old') return CREATE_AI_MODEL_PATH;
  const id = Number(search.get('id'));
  if (page === 'detail' && Number.isInteger(id) && id > 0) return aiModelPath(id);
  return AI_MODELS_PATH;
}
