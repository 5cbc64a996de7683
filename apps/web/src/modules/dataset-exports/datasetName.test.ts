import { DatasetName } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { defaultDatasetName, exportPercent } from './datasetName';

describe('defaultDatasetName', () => {
  it('joins the title’s words into letters and digits the contract accepts', () => {
    for (const [title, name] of [
      ['Liver', 'Liver'],
      ['liver vessels', 'LiverVessels'],
      ['Body (threshold) – 2', 'BodyThreshold2'],
      ['Lésion hépatique', 'LesionHepatique'],
      ['3D kidney', 'DKidney'],
      ['***', 'Dataset'],
      ['x'.repeat(60), 'X' + 'x'.repeat(39)],
    ] as const) {
      expect(defaultDatasetName(title)).toBe(name);
      expect(DatasetName.safeParse(defaultDatasetName(title)).success).toBe(true);
    }
  });
});

describe('exportPercent', () => {
  it('counts cases, done is 100, nothing to count is 0', () => {
    expect(exportPercent({ state: 'running', cases_done: 1, cases_total: 4 })).toBe(25);
    expect(exportPercent({ state: 'done', cases_done: 0, cases_total: 0 })).toBe(100);
    expect(exportPercent({ state: 'queued', cases_done: 0, cases_total: 0 })).toBe(0);
  });
});
