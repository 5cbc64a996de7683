import { RecognitionSeries } from '@voxa/contracts';
import type { AllowedCodes } from './recognise';

/** A series with every attribute absent except those given (the contract's defaults fill the rest). */
export function series(
  fields: Partial<RecognitionSeries> & { id?: string; modality?: string },
): RecognitionSeries {
  return RecognitionSeries.parse({ id: 's', modality: 'CT', ...fields });
}

/** The seeded acquisitions (migration 0002), as GET /acquisition offers them. */
const SEEDED: Record<string, string[]> = {
  CT: ['NATIVE', 'AR', 'PV', 'DL'],
  MR: ['T1W', 'T1C', 'T2W', 'FLAIR', 'PD', 'DWI', 'ADC'],
  PT: ['AC', 'NAC'],
};
export const seededCodes: AllowedCodes = (modality) => ['NONE', ...(SEEDED[modality] ?? [])];
