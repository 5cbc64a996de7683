import { idParam } from '../../lib/idParam';

export const TRAININGS_PATH = '/ai2-trainings';
export const CREATE_TRAINING_PATH = '/ai2-trainings/create';
export const trainingPath = (id: number) => `/ai2-trainings/detail/${id}`;
/** The training's model information (decision 0056). */
export const trainingInfoPath = (id: number) => `/ai2-trainings/detail-mi?id=${id}`;

/**
 * Where a v1 page (/ai-trainings, /ai-trainings/detail?id=, /ai-trainings/detail-mi?id=) lands among the
 * v2 ones: both name the same trainings, so v1 addresses are kept as redirects (decision 0056).
 */
export function v2TrainingPathOf(pathname: string, search: URLSearchParams): string {
  const page = pathname.replace(/\/+$/, '').split('/')[2];
  const id = idParam(search.get('id'));
  if (!id) return TRAININGS_PATH;
  if (page === 'detail') return trainingPath(id);
  if (page === 'detail-mi') return trainingInfoPath(id);
  return TRAININGS_PATH;
}
