import { describe, expect, it } from 'vitest';
import { draftFromBlueprint, draftOf, inputOf, withModality } from './draft';

const blueprint = {
  code: 'CT_LIVER_MULTIPHASE',
  name: 'Liver multiphase CT',
  modality_code: 'CT',
  acquisitions: [{ code: 'AR' }, { code: 'PV' }],
};

describe('pipeline draft', () => {
  it('starts from a blueprint with its acquisitions and no models, remembering it', () => {
    expect(draftFromBlueprint(blueprint)).toEqual({
      code: 'CT_LIVER_MULTIPHASE',
      name: 'Liver multiphase CT',
      modality_code: 'CT',
      acquisitions: [
        { code: 'AR', models: [] },
        { code: 'PV', models: [] },
      ],
      blueprint_code: 'CT_LIVER_MULTIPHASE',
    });
  });

  it('empties the rows when the modality changes, and keeps them when it does not', () => {
    const d = draftFromBlueprint(blueprint);
    expect(withModality(d, 'CT')).toBe(d);
    expect(withModality(d, 'MR').acquisitions).toEqual([
      { code: '', models: [] },
      { code: '', models: [] },
    ]);
  });

  it('sends only the rows with an acquisition chosen', () => {
    const d = {
      ...draftFromBlueprint(blueprint),
      acquisitions: [
        { code: 'AR', models: ['total'] },
        { code: '', models: [] },
      ],
    };
    expect(inputOf(d).acquisitions).toEqual([{ code: 'AR', models: ['total'] }]);
  });

  it('edits a saved pipeline as it is', () => {
    const saved = {
      id: 1,
      code: 'P',
      name: 'P',
      modality_code: 'MR',
      acquisitions: [{ code: 'T2W', models: ['total-mr'] }],
      blueprint_code: null,
      created_by_user_name: null,
      created_at: '',
      updated_at: '',
    };
    expect(inputOf(draftOf(saved))).toEqual({
      code: 'P',
      name: 'P',
      modality_code: 'MR',
      acquisitions: [{ code: 'T2W', models: ['total-mr'] }],
      blueprint_code: null,
    });
  });
});
