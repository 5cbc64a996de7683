import { useTransferFunctions } from '../transfer-functions/useTransferFunctionsApi';
import { presetsFor, presetsFrom, type WindowPreset } from './windowing';

/**
 * The window presets the toolbar offers for a modality: the team's /transfer-functions (built-in and its
 * own), or the built-in CT windows while they load or when they cannot be read.
 */
export function useWindowPresets(modality: string | null): readonly WindowPreset[] {
  const functions = useTransferFunctions({ kind: 'window', ...(modality && { modality }) });
  return functions.data ? presetsFrom(functions.data) : presetsFor(modality);
}
