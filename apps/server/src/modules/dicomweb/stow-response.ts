import { RETRIEVE_URL } from './attributes';
import type { JsonDataset } from './dicom-json';
import type { IngestOutcome } from './ingest';

const REFERENCED_SOP_SEQUENCE = '00081199';
const FAILED_SOP_SEQUENCE = '00081198';
const REFERENCED_SOP_CLASS = '00081150';
const REFERENCED_SOP_INSTANCE = '00081155';
const FAILURE_REASON = '00081197';

const ui = (value: string) => ({ vr: 'UI', Value: value ? [value] : [] });

/**
 * The STOW-RS answer (PS3.18 10.5.3): each stored instance with its retrieve URL, each failed one with
 * its reason; 200 when all were stored, 202 when some failed, 409 when none was stored.
 */
export function stowResponse(
  outcome: IngestOutcome,
  base: string,
): { status: 200 | 202 | 409; body: JsonDataset } {
  const body: JsonDataset = {};
  const studies = new Set(outcome.stored.map((s) => s.studyInstanceUid));
  const [study] = studies;
  if (studies.size === 1 && study) body[RETRIEVE_URL] = { vr: 'UR', Value: [`${base}/studies/${study}`] };
  if (outcome.stored.length > 0)
    body[REFERENCED_SOP_SEQUENCE] = {
      vr: 'SQ',
      Value: outcome.stored.map((s) => ({
        [REFERENCED_SOP_CLASS]: ui(s.sopClassUid),
        [REFERENCED_SOP_INSTANCE]: ui(s.sopInstanceUid),
        [RETRIEVE_URL]: {
          vr: 'UR',
          Value: [
            `${base}/studies/${s.studyInstanceUid}/series/${s.seriesInstanceUid}/instances/${s.sopInstanceUid}`,
          ],
        },
      })),
    };
  if (outcome.failed.length > 0)
    body[FAILED_SOP_SEQUENCE] = {
      vr: 'SQ',
      Value: outcome.failed.map((f) => ({
        [REFERENCED_SOP_CLASS]: ui(f.sopClassUid),
        [REFERENCED_SOP_INSTANCE]: ui(f.sopInstanceUid),
        [FAILURE_REASON]: { vr: 'US', Value: [f.reason] },
      })),
    };
  const status = outcome.failed.length === 0 ? 200 : outcome.stored.length > 0 ? 202 : 409;
  return { status, body };
}
