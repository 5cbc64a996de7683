import { aiPromptTemplateErrors } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_ACQUISITION_PROMPT } from '../ai-prompts/built-in';
import { renderPrompt } from './render-prompt';
import { series, seededCodes } from './test-series';

const study = {
  modality: 'ct',
  series: [
    series({ id: 'a', seriesDescription: 'Arterial' }),
    series({ id: 'b', seriesDescription: 'PV {{codes}}' }),
  ],
};

describe('renderPrompt', () => {
  it('renders the built-in prompt as the code sent it: the offered codes, the attributes present', () => {
    const [system, user] = renderPrompt(BUILT_IN_ACQUISITION_PROMPT, study, seededCodes);
    expect(system?.role).toBe('system');
    expect(system?.content).toMatch(/^You classify medical imaging series/);
    expect(system?.content).toMatch(/Codes allowed per modality:\nCT: NONE, NATIVE, AR, PV, DL$/);
    expect(system?.content).not.toContain('MR:');
    expect(user?.role).toBe('user');
    expect(JSON.parse(user?.content ?? '')).toEqual({
      series: [
        { id: 'a', modality: 'CT', seriesDescription: 'Arterial' },
        { id: 'b', modality: 'CT', seriesDescription: 'PV {{codes}}' },
      ],
    });
  });

  it('fills every occurrence, spaces inside the braces allowed, and never expands a value it inserted', () => {
    const texts = {
      system: 'Modality {{ modality }}; {{modality}} codes {{codes}}. JSON.',
      user: '{{series}}',
    };
    const [system, user] = renderPrompt(texts, study, seededCodes);
    expect(system?.content).toBe('Modality CT; CT codes CT: NONE, NATIVE, AR, PV, DL. JSON.');
    expect(user?.content).toContain('PV {{codes}}');
  });

  it('lists the codes of every modality present among the series', () => {
    const mixed = { modality: 'MR', series: [series({ id: 'a' }), series({ id: 'm', modality: 'MR' })] };
    const [system] = renderPrompt({ system: '{{codes}}', user: '{{series}}' }, mixed, seededCodes);
    expect(system?.content.split('\n')).toEqual([
      'CT: NONE, NATIVE, AR, PV, DL',
      expect.stringMatching(/^MR: NONE, .*T1W/),
    ]);
  });
});

describe('aiPromptTemplateErrors', () => {
  it('accepts the built-in prompt', () => {
    expect(aiPromptTemplateErrors(BUILT_IN_ACQUISITION_PROMPT)).toEqual({});
  });

  it('refuses unknown placeholders, a prompt without {{series}}, and one that never asks for JSON', () => {
    expect(aiPromptTemplateErrors({ system: 'JSON {{codes}} {{ patient }}', user: '{{series}}' })).toEqual({
      system: ['Unknown placeholder {{patient}}: use {{series}}, {{codes}}, {{modality}}.'],
    });
    expect(aiPromptTemplateErrors({ system: 'Answer in JSON.', user: 'the series' })).toEqual({
      user: ['The prompt must hold {{series}}: without it the model sees no series.'],
    });
    expect(aiPromptTemplateErrors({ system: 'Classify.', user: '{{series}}' })).toEqual({
      system: ['The prompt must ask for an answer in JSON.'],
    });
  });
});
