import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { normalisePatientName, pseudonym, remapUid } from './keyed';

const key = Buffer.alloc(32, 7);

describe('team-keyed replacements', () => {
  it('give one pseudonym per patient, whatever the spelling of separators and case', () => {
    expect(normalisePatientName(' doe^jane^^ ')).toBe('DOE JANE');
    expect(pseudonym(key, 'DOE^JANE')).toBe(pseudonym(key, 'Doe  Jane'));
    expect(pseudonym(key, 'DOE^JANE')).toMatch(/^ANON-[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(pseudonym(key, 'DOE^JANE')).not.toBe(pseudonym(key, 'DOE^JOHN'));
  });

  it('differ between teams', () => {
    expect(pseudonym(randomBytes(32), 'DOE^JANE')).not.toBe(pseudonym(key, 'DOE^JANE'));
    expect(remapUid(randomBytes(32), '1.2.3')).not.toBe(remapUid(key, '1.2.3'));
  });

  it('remap UIDs consistently into valid 2.25 UIDs of at most 64 characters', () => {
    const uid = '1.3.12.2.1107.5.1.4.1001.30000018050107081466900000007';
    expect(remapUid(key, uid)).toBe(remapUid(key, uid));
    expect(remapUid(key, uid)).toMatch(/^2\.25\.(0|[1-9][0-9]*)$/);
    expect(remapUid(key, uid).length).toBeLessThanOrEqual(64);
    expect(remapUid(key, uid)).not.toBe(remapUid(key, `${uid}1`));
  });
});
