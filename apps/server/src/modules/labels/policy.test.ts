import { DEFAULT_LABEL_COLOR, LABEL_NAME_REQUIRED } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors';
import { newLabelFields, sameLabelName } from './policy';

describe('newLabelFields', () => {
  it('takes the body, with the default colour', () => {
    expect(newLabelFields({ name: 'Tumor' }, {})).toEqual({ name: 'Tumor', color: DEFAULT_LABEL_COLOR });
  });

  it('takes the query form (POST /label?name=…) when the body has no name', () => {
    expect(newLabelFields(undefined, { name: 'Liver', color: '#AABBCC' })).toEqual({
      name: 'Liver',
      color: '#aabbcc',
    });
  });

  it('prefers body fields over query fields', () => {
    expect(newLabelFields({ name: 'A', color: '#000000' }, { name: 'B', color: '#ffffff' })).toEqual({
      name: 'A',
      color: '#000000',
    });
  });

  it('refuses a label without a name (422 on name)', () => {
    const error = (() => {
      try {
        newLabelFields({ color: '#000000' }, {});
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 422, errors: { name: [LABEL_NAME_REQUIRED] } });
  });
});

describe('sameLabelName', () => {
  it('ignores case', () => {
    expect(sameLabelName('Tumor', 'tUMOR')).toBe(true);
    expect(sameLabelName('Tumor', 'Tumour')).toBe(false);
  });
});
