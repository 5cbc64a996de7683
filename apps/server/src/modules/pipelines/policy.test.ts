import type { PipelineInput } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { pipelineProblems, type PipelineOptions } from './policy';

const ct: PipelineOptions = {
  modalityKnown: true,
  acquisitions: ['NATIVE', 'AR', 'PV', 'DL'],
  models: ['total', 'total6mm'],
};
const input = (acquisitions: PipelineInput['acquisitions'], modality_code = 'CT'): PipelineInput => ({
  code: 'LIVER',
  name: 'Liver',
  modality_code,
  acquisitions,
  blueprint_code: null,
});

describe('pipelineProblems', () => {
  it('accepts acquisitions of the modality with models for it', () => {
    expect(
      pipelineProblems(
        input([
          { code: 'PV', models: ['total'] },
          { code: 'AR', models: [] },
        ]),
        ct,
      ),
    ).toEqual({});
  });

  it('refuses an acquisition of another modality, and NONE', () => {
    expect(
      pipelineProblems(
        input([
          { code: 'T2W', models: [] },
          { code: 'NONE', models: [] },
        ]),
        ct,
      ),
    ).toEqual({
      'acquisitions.0.code': ['T2W is not an acquisition of CT.'],
      'acquisitions.1.code': ['NONE is not an acquisition of CT.'],
    });
  });

  it('refuses a model code the team does not see for the modality', () => {
    expect(pipelineProblems(input([{ code: 'PV', models: ['total', 'total-mr', 'x'] }]), ct)).toEqual({
      'acquisitions.0.models': [
        'No AI model total-mr for CT is available.',
        'No AI model x for CT is available.',
      ],
    });
  });

  it('refuses an unknown modality alone', () => {
    const options = { modalityKnown: false, acquisitions: [], models: [] };
    expect(pipelineProblems(input([{ code: 'PV', models: [] }], 'ZZ'), options)).toEqual({
      modality_code: ['Unknown modality ZZ.'],
    });
  });
});
