/** How a case was opened (teams-and-account.md 2.1): the task it serves, and review or AI mode. */
export interface CaseQuery {
  taskId: number | null;
  review: boolean;
  aiinfer: boolean;
}

/** Reads `task_id`, `review=true` and `aiinfer=true`; anything else reads as absent. */
export function parseCaseQuery(search: URLSearchParams): CaseQuery {
  const raw = search.get('task_id');
  const taskId = raw !== null && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  return { taskId, review: search.get('review') === 'true', aiinfer: search.get('aiinfer') === 'true' };
}
