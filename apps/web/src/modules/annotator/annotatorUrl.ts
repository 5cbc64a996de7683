/** What opens in the annotator: a converted case, how the study is looked at, and the task it serves. */
export interface AnnotatorTarget {
  /** The case: a converted series, by its uuid (its volumes are the case's `{uuid}-NNN` sub-series). */
  caseUuid: string;
  /** The series' modality: XA opens the angiography viewer instead. */
  modality: string | null;
  taskId?: number | null;
  /** A review task or an AI inference result, as the spec's review=true / aiinfer=true. */
  mode?: 'review' | 'aiinfer';
}

/**
 * The annotator's address on the team's sub-domain (teams-and-account.md 2.1): /annotator/case/{uuid},
 * or /mbg/{uuid} for modality XA, with task_id and review=true or aiinfer=true when they apply.
 */
export function annotatorUrl(teamOrigin: string, target: AnnotatorTarget): string {
  const path =
    target.modality?.toUpperCase() === 'XA'
      ? `/mbg/${encodeURIComponent(target.caseUuid)}`
      : `/annotator/case/${encodeURIComponent(target.caseUuid)}`;
  const query = new URLSearchParams();
  if (target.taskId !== undefined && target.taskId !== null) query.set('task_id', String(target.taskId));
  if (target.mode) query.set(target.mode, 'true');
  const search = query.toString();
  return `${teamOrigin}${path}${search ? `?${search}` : ''}`;
}
