import dcmjs, { type DicomDataset } from 'dcmjs';
import { describe, expect, it } from 'vitest';
import { oneFilePerTransferSyntax, readCorpusFile } from '../../../test/corpus';
import { deidentifyDicom } from './deidentify';
import { pseudonym, remapUid, teamReplacements } from './keyed';

const key = Buffer.alloc(32, 3);
const replacements = teamReplacements(key);
const IDENTITY = ['DOE', 'JANE', 'PID-778899', '19700101', 'St. Elsewhere'];

/** A corpus file given a known identity, in the places identity hides: top level, sequences, privates. */
function withIdentity(bytes: Uint8Array): { file: Uint8Array; studyUid: string } {
  const dicom = dcmjs.data.DicomMessage.readFile(bytes.slice().buffer);
  const set = (ds: DicomDataset, tag: string, vr: string, value: unknown) =>
    (ds[tag] = { vr, Value: [value] });
  set(dicom.dict, '00100010', 'PN', { Alphabetic: 'DOE^JANE' });
  set(dicom.dict, '00100020', 'LO', 'PID-778899');
  set(dicom.dict, '00100030', 'DA', '19700101');
  set(dicom.dict, '00101001', 'PN', { Alphabetic: 'DOE^JANE^MARIE' });
  set(dicom.dict, '00080080', 'LO', 'St. Elsewhere');
  set(dicom.dict, '00090010', 'LO', 'ACME 1.0');
  set(dicom.dict, '00091001', 'LO', 'DOE^JANE PID-778899');
  const item: DicomDataset = {};
  set(item, '00400006', 'PN', { Alphabetic: 'DOE^JANE' });
  set(item, '00400007', 'LO', 'PID-778899 scan');
  dicom.dict['00400275'] = { vr: 'SQ', Value: [item] };
  const nested: DicomDataset = {};
  set(nested, '00081155', 'UI', '1.2.3.4.5.6.7');
  set(nested, '00321032', 'PN', { Alphabetic: 'DOE^JANE' });
  dicom.dict['00082112'] = { vr: 'SQ', Value: [nested] };
  const studyUid = String(dicom.dict['0020000D']?.Value?.[0]);
  // dcmjs writes a deflated file back inflated; say so, as deidentifyDicom does.
  const syntax = dicom.meta['00020010'];
  if (syntax?.Value?.[0] === '1.2.840.10008.1.2.1.99') syntax.Value = ['1.2.840.10008.1.2.1'];
  return {
    file: new Uint8Array(dicom.write({ allowInvalidVRLength: true, fragmentMultiframe: false })),
    studyUid,
  };
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('deidentifyDicom on one corpus file per transfer syntax', () => {
  for (const { syntax, path } of oneFilePerTransferSyntax()) {
    it(`leaves no identity and the same pixels (${syntax})`, () => {
      const { file, studyUid } = withIdentity(readCorpusFile(path));
      for (const text of IDENTITY) expect(latin1(file)).toContain(text);

      const out = deidentifyDicom(file, replacements);

      for (const text of IDENTITY) expect(latin1(out)).not.toContain(text);
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
