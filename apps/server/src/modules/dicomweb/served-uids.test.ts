import { describe, expect, it } from 'vitest';
import { deidentifyDicom } from '../deidentify/deidentify';
import { remapUid, teamReplacements } from '../deidentify/keyed';
import { readDicomHeader } from '@voxa/imaging';
import { corpusFiles } from '../../../test/dicomweb-calls';
import { withIdentity } from '../../../test/identity';
import { servedUids } from './served-uids';

const key = Buffer.alloc(32, 7);
const remap = (uid: string) => remapUid(key, uid);
const header = { studyInstanceUid: '1.2.3', seriesInstanceUid: '1.2.3.4', sopInstanceUid: '1.2.3.4.5' };

describe('servedUids', () => {
  it('answers the received UIDs when the team keeps the originals', () => {
    expect(servedUids(header, null)).toEqual(header);
  });

  it("answers the team's remapped UIDs, but keeps a UID of the standard's own root as the profile does", () => {
    expect(servedUids(header, remap)).toEqual({
      studyInstanceUid: remap('1.2.3'),
      seriesInstanceUid: remap('1.2.3.4'),
      sopInstanceUid: remap('1.2.3.4.5'),
    });
    const standard = { ...header, studyInstanceUid: '1.2.840.10008.9' };
    expect(servedUids(standard, remap)?.studyInstanceUid).toBe('1.2.840.10008.9');
  });

  it('answers null for an instance lacking a UID', () => {
    expect(servedUids({ ...header, seriesInstanceUid: null }, remap)).toBeNull();
    expect(servedUids({ ...header, sopInstanceUid: ' ' }, null)).toBeNull();
  });

  it('names what de-identification writes into the stored file, for real files', async () => {
    for (const original of await corpusFiles('dcm_qa_ct/GE', 2)) {
      const { file } = withIdentity(original);
      const received = readDicomHeader(file);
      const stored = readDicomHeader(Buffer.concat(deidentifyDicom(file, teamReplacements(key))));
      if (!received.ok || !stored.ok) throw new Error('unreadable corpus file');
      expect(servedUids(received.header, remap)).toEqual(servedUids(stored.header, null));
    }
  });
});
