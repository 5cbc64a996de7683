import { describe, expect, it } from 'vitest';
import { annotatorUrl } from './annotatorUrl';

const ORIGIN = 'http://acme.localhost:3000';
const CASE = '0b6a3c1e-8f1d-4d7e-9c59-2f6f5d0a1b11';

describe('annotatorUrl', () => {
  it('opens a case on the team sub-domain', () => {
    expect(annotatorUrl(ORIGIN, { caseUuid: CASE, modality: 'CT' })).toBe(`${ORIGIN}/annotator/case/${CASE}`);
    expect(annotatorUrl(ORIGIN, { caseUuid: CASE, modality: null })).toBe(`${ORIGIN}/annotator/case/${CASE}`);
  });

  it('opens XA in the angiography viewer at /mbg/{uuid}', () => {
    expect(annotatorUrl(ORIGIN, { caseUuid: CASE, modality: 'XA' })).toBe(`${ORIGIN}/mbg/${CASE}`);
    expect(annotatorUrl(ORIGIN, { caseUuid: CASE, modality: 'xa', taskId: 4 })).toBe(
      `${ORIGIN}/mbg/${CASE}?task_id=4`,
    );
  });

  it('adds task_id, and review=true or aiinfer=true where they apply', () => {
    expect(annotatorUrl(ORIGIN, { caseUuid: CASE, modality: 'MR', taskId: 12, mode: 'review' })).toBe(
      `${ORIGIN}/annotator/case/${CASE}?task_id=12&review=true`,
    );
    expect(annotatorUrl(ORIGIN, { caseUuid: CASE, modality: 'CT', taskId: 3, mode: 'aiinfer' })).toBe(
      `${ORIGIN}/annotator/case/${CASE}?task_id=3&aiinfer=true`,
    );
    expect(annotatorUrl(ORIGIN, { caseUuid: CASE, modality: 'CT', taskId: null })).toBe(
      `${ORIGIN}/annotator/case/${CASE}`,
    );
  });
});
