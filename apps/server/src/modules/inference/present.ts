import { encodeStudyId, type Inference, type InferenceDetail } from '@voxa/contracts';
import type { Selectable } from 'kysely';
import type { AiJobsTable } from '../../platform/db/schema';
import { iso, isoOrNull } from '../common/time';
import { readSeriesData } from '../studies/series-data';

/** An inference's row with what it is shown with (service.inferenceRows). */
export type InferenceRow = Selectable<AiJobsTable> & {
  series_uuid: string;
  series_data: Record<string, unknown>;
  modality_code: string | null;
  series_number: number | null;
  study_id: number;
  study_uuid: string;
  study_data: Record<string, unknown>;
  model_name: string | null;
  created_by_user_name: string | null;
  worker_name: string | null;
};

/** A series is named by its description, else its protocol, else its number. */
export function seriesName(row: Pick<InferenceRow, 'series_data' | 'series_number' | 'series_id'>): string {
  const data = readSeriesData(row.series_data);
  return data.seriesDescription || data.protocolName || `Series ${row.series_number ?? row.series_id}`;
}

export function presentInference(row: InferenceRow, reason: string | null): Inference {
  const patientName = row.study_data.patientName;
  return {
    id: row.id,
    state: row.state,
    progress: row.progress,
    reason,
    model: { id: row.model_id, code: row.model_code, name: row.model_name },
    study: {
      uuid: row.study_uuid,
      name: typeof patientName === 'string' ? patientName : '',
      code: encodeStudyId(row.study_id),
    },
    series: { uuid: row.series_uuid, name: seriesName(row), modality: row.modality_code },
    segmentation_id: row.segmentation_id,
    automatic: row.automatic,
    batch_id: row.batch_id,
    attempts: row.attempts,
    created_by_user_name: row.created_by_user_name,
    created_at: iso(row.created_at),
    started_at: isoOrNull(row.started_at),
    finished_at: isoOrNull(row.finished_at),
    updated_at: iso(row.updated_at),
  };
}

export function presentInferenceDetail(row: InferenceRow, reason: string | null): InferenceDetail {
  return {
    ...presentInference(row, reason),
    trace_id: row.trace_id,
    log_tail: row.log_tail,
    max_attempts: row.max_attempts,
    worker_name: row.worker_name,
    parameters: row.parameters,
  };
}
