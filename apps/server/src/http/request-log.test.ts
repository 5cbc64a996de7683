import { describe, expect, it } from 'vitest';
import { redactUrl } from './request-log';

describe('redactUrl', () => {
  it('hides DICOM UIDs in a logged URL and keeps the rest', () => {
    expect(redactUrl('/api/studies/1.2.840.113619.2.312.4120.8418826.11939.1537275389.462/check')).toBe(
      '/api/studies/[uid]/check',
    );
    expect(redactUrl('/api/studies-v2?page=2&filter_id=3')).toBe('/api/studies-v2?page=2&filter_id=3');
    expect(redactUrl('/api/x?v=1.2.3')).toBe('/api/x?v=1.2.3');
  });
});
