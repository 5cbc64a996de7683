import type { Inference } from '@voxa/contracts';
import { openAnnotator } from '../annotator/openAnnotator';

/** A done inference's segmentation in the annotator (new tab): task_id its segmentation, aiinfer=true. */
export function openResult(inference: Pick<Inference, 'study' | 'series' | 'segmentation_id'>): void {
  openAnnotator(inference.study.uuid, {
    caseUuid: inference.series.uuid,
    modality: inference.series.modality,
    taskId: inference.segmentation_id,
    mode: 'aiinfer',
  });
}
