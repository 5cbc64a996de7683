import { describe, expect, it } from 'vitest';
import { suspectLogLine } from '@voxa/imaging/dcm2niix';
import { dcm2niixArgs } from './args';

describe('dcm2niix arguments and log', () => {
  it('writes uncompressed NIfTI with an anonymised BIDS sidecar', () => {
    expect(dcm2niixArgs('/in', '/out')).toEqual([
      '-z',
      'n',
      '-b',
      'y',
      '-ba',
      'y',
      '-f',
      'series',
      '-o',
      '/out',
      '/in',
    ]);
  });

  it('distrusts output after fragments or removed duplicates', () => {
    const problem = (log: string) => suspectLogLine(log.split('\n'));
    expect(problem('Chris Rorden\nConvert 1 DICOM\n')).toBeUndefined();
    expect(problem('Warning: Compressed image stored as 2 fragments: x.dcm\n')).toMatch(/2 fragments/);
    expect(problem('Warning: 4 DUPLICATES REMOVED\n')).toMatch(/DUPLICATES/);
  });
});
