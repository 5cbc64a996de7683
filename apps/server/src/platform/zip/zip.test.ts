import { describe, expect, it } from 'vitest';
import { readZipEntries } from '../../../test/zip-reader';
import { zipStored, ZIP_TOO_LARGE } from './index';

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

describe('zipStored', () => {
  it('writes entries a zip reader opens with their names and bytes', async () => {
    const image = new Uint8Array(100_000).map((_, i) => i % 251);
    const zip = await bytesOf(
      zipStored([
        { name: 'Dataset500_Liver/dataset.json', data: Buffer.from('{"numTraining":1}') },
        { name: 'Dataset500_Liver/imagesTr/Liver_001_0000.nii.gz', data: image },
        { name: 'Dataset500_Liver/labelsTr/Liver_001.nii.gz', data: new Uint8Array(0) },
      ]),
    );
    const files = await readZipEntries(zip);
    expect([...files.keys()]).toEqual([
      'Dataset500_Liver/dataset.json',
      'Dataset500_Liver/imagesTr/Liver_001_0000.nii.gz',
      'Dataset500_Liver/labelsTr/Liver_001.nii.gz',
    ]);
    expect(files.get('Dataset500_Liver/dataset.json')?.toString()).toBe('{"numTraining":1}');
    expect(files.get('Dataset500_Liver/imagesTr/Liver_001_0000.nii.gz')?.equals(Buffer.from(image))).toBe(
      true,
    );
    expect(files.get('Dataset500_Liver/labelsTr/Liver_001.nii.gz')?.length).toBe(0);
  });

  it('an empty archive is a valid one', async () => {
    expect((await readZipEntries(await bytesOf(zipStored([])))).size).toBe(0);
  });

  it('reads an entry only when the writer asks for the next bytes', async () => {
    const read: string[] = [];
    function* entries() {
      for (const name of ['a', 'b']) {
        read.push(name);
        yield { name, data: Buffer.from(name) };
      }
    }
    const zip = zipStored(entries());
    await zip.next(); // a's local header
    expect(read).toEqual(['a']);
  });

  it('refuses past 65,535 entries rather than writing a broken directory', async () => {
    function* many() {
      for (let i = 0; i <= 0xffff; i++) yield { name: String(i), data: new Uint8Array(0) };
    }
    await expect(bytesOf(zipStored(many()))).rejects.toThrow(ZIP_TOO_LARGE);
  });
});
