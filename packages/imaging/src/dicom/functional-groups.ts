import type { DataSet } from 'dicom-parser';

const SHARED_FUNCTIONAL_GROUPS = 'x52009229';
const PER_FRAME_FUNCTIONAL_GROUPS = 'x52009230';
export const FUNCTIONAL_GROUPS = [SHARED_FUNCTIONAL_GROUPS, PER_FRAME_FUNCTIONAL_GROUPS] as const;

function firstItem(ds: DataSet | undefined, sequenceTag: string): DataSet | undefined {
  return ds?.elements[sequenceTag]?.items?.[0]?.dataSet;
}

/**
 * The data set that holds `tag`: the top level when it has it, else the item of the functional group
 * macro `macroTag` (e.g. PixelMeasuresSequence) in the Shared Functional Groups, else in the first
 * Per-frame Functional Groups item. Enhanced multi-frame objects keep geometry and windowing there.
 */
export function holderOf(ds: DataSet, tag: string, macroTag: string): DataSet {
  if (ds.elements[tag]) return ds;
  for (const groups of FUNCTIONAL_GROUPS) {
    const macro = firstItem(firstItem(ds, groups), macroTag);
    if (macro?.elements[tag]) return macro;
  }
  return ds;
}
