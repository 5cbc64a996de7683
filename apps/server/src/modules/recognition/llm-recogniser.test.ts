import { describe, expect, it } from 'vitest';
import type { ChatClient } from '../../platform/llm';
import { recogniseWithLlm } from './llm-recogniser';
import { recogniseStudy } from './recognise';
import { series, seededCodes } from './test-series';

const answering = (content: string): ChatClient => ({ complete: async () => content });
const study = [
  series({ id: 'a', seriesDescription: 'Arterial' }),
  series({ id: 'b', seriesDescription: 'PV' }),
];
const rules = () => recogniseStudy(study, seededCodes);
const signal = new AbortController().signal;
const messages = [{ role: 'user' as const, content: 'Answer in JSON.' }];

describe('recogniseWithLlm', () => {
  it('takes the model’s codes (any case), holds them to the offered ones, fills gaps with the rules', async () => {
    const content = JSON.stringify({ series: [{ id: 'a', acquisitionCode: 'dl', score: 0.7 }] });
    expect(await recogniseWithLlm(answering(content), messages, study, seededCodes, rules, signal)).toEqual([
      { id: 'a', acquisitionCode: 'DL', score: 0.7 },
      { id: 'b', acquisitionCode: 'PV', score: 0.9 },
    ]);
    const invented = JSON.stringify({ series: [{ id: 'a', acquisitionCode: 'T2W', score: 1 }] });
    expect(
      (await recogniseWithLlm(answering(invented), messages, study, seededCodes, rules, signal))[0],
    ).toEqual({
      id: 'a',
      acquisitionCode: 'NONE',
      score: 0,
    });
  });

  it('clamps scores into 0..1 and gives 0.5 when the model gives none', async () => {
    const content = JSON.stringify({
      series: [
        { id: 'a', acquisitionCode: 'AR', score: 7 },
        { id: 'b', acquisitionCode: 'PV' },
      ],
    });
    const result = await recogniseWithLlm(answering(content), messages, study, seededCodes, rules, signal);
    expect(result.map((r) => r.score)).toEqual([1, 0.5]);
  });

  it('throws on an answer that is not the JSON asked for, so the caller falls back', async () => {
    await expect(
      recogniseWithLlm(answering('arterial'), messages, study, seededCodes, rules, signal),
    ).rejects.toThrow();
    await expect(
      recogniseWithLlm(answering('{"codes":[]}'), messages, study, seededCodes, rules, signal),
    ).rejects.toThrow();
  });
});
