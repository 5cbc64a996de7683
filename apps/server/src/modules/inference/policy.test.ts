import { INFERENCE_NO_WORKER, INFERENCE_WORKERS_BUSY } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import {
  automaticByDefault,
  automaticCodes,
  chooseSeries,
  inferenceReason,
  isOpen,
  servedNow,
  splitByWorkers,
  startParameters,
  type CandidateSeries,
} from './policy';

const series = (over: Partial<CandidateSeries> & { uuid: string }): CandidateSeries => ({
  status: 'done',
  modality_code: 'CT',
  ref_serie: false,
  sort: 0,
  id: 1,
  ...over,
});

describe('chooseSeries', () => {
  const a = series({ uuid: 'a', sort: 2, id: 1 });
  const b = series({ uuid: 'b', sort: 1, id: 2 });
  const ref = series({ uuid: 'ref', sort: 3, id: 3, ref_serie: true });
  const mr = series({ uuid: 'mr', modality_code: 'MR', sort: 0, id: 4 });
  const converting = series({ uuid: 'conv', status: 'generatingNii', sort: 0, id: 5 });

  it('takes the series asked for when it fits the model', () => {
    expect(chooseSeries([a, b, ref], 'CT', 'a')).toBe(a);
    expect(chooseSeries([a, mr], 'CT', 'mr')).toBeUndefined();
    expect(chooseSeries([a, converting], 'CT', 'conv')).toBeUndefined();
  });

  it('takes the reference series, else the first converted one that fits, in the case’s order', () => {
    expect(chooseSeries([a, b, ref], 'CT')).toBe(ref);
    expect(chooseSeries([converting, mr, a, b], 'CT')).toBe(b);
    expect(chooseSeries([a, mr], 'mr')).toBe(mr);
  });

  it('finds none when no converted series has the model’s modality', () => {
    expect(chooseSeries([mr, converting], 'CT')).toBeUndefined();
    expect(chooseSeries([], 'CT')).toBeUndefined();
  });
});

describe('inferenceReason', () => {
  const job = { state: 'queued' as const, model_code: 'total', error: null };

  it('says no worker serves the code when no online worker advertises it', () => {
    expect(inferenceReason(job, [])).toBe(INFERENCE_NO_WORKER('total'));
    expect(inferenceReason(job, [{ models: ['total'], online: false }])).toBe(INFERENCE_NO_WORKER('total'));
    expect(inferenceReason(job, [{ models: ['total-mr'], online: true }])).toBe(INFERENCE_NO_WORKER('total'));
  });

  it('says it waits for a free worker when one that serves it is online', () => {
    expect(inferenceReason(job, [{ models: ['total'], online: true }])).toBe(INFERENCE_WORKERS_BUSY);
  });

  it('is a failed one’s error, and null in other states', () => {
    expect(inferenceReason({ ...job, state: 'failed', error: 'Out of memory' }, [])).toBe('Out of memory');
    for (const state of ['created', 'running', 'done', 'cancelled'] as const)
      expect(inferenceReason({ ...job, state }, [])).toBeNull();
  });
});

describe('states', () => {
  it('an inference is open until it is done, failed or cancelled', () => {
    expect(['created', 'queued', 'running'].every((s) => isOpen(s as 'created'))).toBe(true);
    expect(['done', 'failed', 'cancelled'].some((s) => isOpen(s as 'done'))).toBe(false);
  });
});

describe('automatic inferences', () => {
  it('are the spec’s codes of the modality, in order, less those turned off or already made', () => {
    expect(automaticCodes('CT', new Set(), new Set())).toEqual(['total6mm', 'total']);
    expect(automaticCodes('mr', new Set(), new Set())).toEqual(['total-mr6mm', 'total-mr']);
    expect(automaticCodes('CT', new Set(['total6mm']), new Set())).toEqual(['total']);
    expect(automaticCodes('CT', new Set(), new Set(['total', 'total6mm']))).toEqual([]);
    expect(automaticCodes('US', new Set(), new Set())).toEqual([]);
    expect(automaticCodes(null, new Set(), new Set())).toEqual([]);
  });

  it('run by default for the spec’s four codes only', () => {
    expect(['total', 'total6mm', 'total-mr', 'total-mr6mm'].every(automaticByDefault)).toBe(true);
    expect(automaticByDefault('liver')).toBe(false);
  });
});

describe('startParameters', () => {
  it('takes what the start gave, else the team’s defaults; n only when known', () => {
    expect(startParameters({}, { n: null, mp: {} })).toEqual({ mp: {} });
    expect(startParameters({}, { n: 2, mp: { fast: true } })).toEqual({ n: 2, mp: { fast: true } });
    expect(startParameters({ n: 5, mp: { tta: 1 } }, { n: 2, mp: { fast: true } })).toEqual({
      n: 5,
      mp: { tta: 1 },
    });
  });
});

describe('splitByWorkers', () => {
  const gpu = { models: ['total'], online: true };
  const asleep = { models: ['total6mm'], online: false };

  it('runs a code an online worker serves; an offline one or none leaves it needing a worker', () => {
    expect(splitByWorkers(['total6mm', 'total'], [gpu, asleep])).toEqual({
      run: ['total'],
      needWorker: ['total6mm'],
    });
    expect(servedNow('total6mm', [asleep])).toBe(false);
  });

  it('with no worker at all, every code needs one (a default install)', () => {
    expect(splitByWorkers(['total-mr6mm', 'total-mr'], [])).toEqual({
      run: [],
      needWorker: ['total-mr6mm', 'total-mr'],
    });
  });
});
