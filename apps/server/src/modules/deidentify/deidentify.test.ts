import dcmjs from 'dcmjs';
import { describe, expect, it } from 'vitest';
import { oneFilePerTransferSyntax, readCorpusFile } from '../../../test/corpus';
import { IDENTITY_TEXTS, withIdentity } from '../../../test/identity';
import { deidentifyDicom } from './deidentify';
import { pseudonym, remapUid, teamReplacements } from './keyed';

const key = Buffer.alloc(32, 3);
const replacements = teamReplacements(key);
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('deidentifyDicom on one corpus file per transfer syntax', () => {
  for (const { syntax, path } of oneFilePerTransferSyntax()) {
    it(`leaves no identity and the same pixels (${syntax})`, () => {
      const { file, studyUid } = withIdentity(readCorpusFile(path));
      for (const text of IDENTITY_TEXTS) expect(latin1(file)).toContain(text);

      const out = new Uint8Array(Buffer.concat(deidentifyDicom(file, replacements)));

      for (const text of IDENTITY_TEXTS) expect(latin1(out)).not.toContain(text);
      expect(latin1(out)).not.toContain(studyUid);
      const before = dcmjs.data.DicomMessage.readFile(file.slice().buffer);
      const after = dcmjs.data.DicomMessage.readFile(out.slice().buffer);
      expect(after.dict['00100010']?.Value).toEqual([{ Alphabetic: pseudonym(key, 'DOE^JANE') }]);
      expect(after.dict['0020000D']?.Value).toEqual([remapUid(key, studyUid)]);
      expect(after.dict['00080016']?.Value).toEqual(before.dict['00080016']?.Value);
      expect(after.dict['00120062']?.Value).toEqual(['YES']);
      // The injected private block is gone (only the safe private attributes of conversion stay).
      expect(after.dict['00091001']).toBeUndefined();
      expect(after.dict['00090010']).toBeUndefined();
      const pixels = (d: typeof before) =>
        (d.dict['7FE00010']?.Value as ArrayBuffer[]).map((b) => Buffer.from(b).toString('base64'));
      expect(pixels(after)).toEqual(pixels(before));
    });
  }

  it('refuses what is not DICOM with an error instead of output', () => {
    expect(() => deidentifyDicom(new TextEncoder().encode('not a dicom file'), replacements)).toThrow();
  });
});
