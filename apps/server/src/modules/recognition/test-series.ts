import { RecognitionSeries } from '@voxa/contracts';
import { ACQUISITIONS } from '../../platform/db/migrations/0002-reference-seed';
import { MR_ACQUISITIONS } from '../../platform/db/migrations/0007-mr-acquisitions';
import type { AllowedCodes } from './recognise';

/** A series with every attribute absent except those given (the contract's defaults fill the rest). */
export function series(
  fields: Partial<RecognitionSeries> & { id?: string; modality?: string },
): RecognitionSeries {
  return RecognitionSeries.parse({ id: 's', modality: 'CT', ...fields });
}

/** The seeded acquisitions (migrations 0002 and 0007), as GET /acquisition offers them. */
const SEEDED = [...ACQUISITIONS, ...MR_ACQUISITIONS];
export const seededCodes: AllowedCodes = (modality) =>
  SEEDED.filter((a) => a.modality === null || a.modality === modality).map((a) => a.code);
