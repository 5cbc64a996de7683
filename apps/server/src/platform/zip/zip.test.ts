import { describe, expect, it } from 'vitest';
import { readZipEntries } from '../../../test/zip-reader';
import { zipStored } from './index';

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

  it('fails with the error of an entry that cannot be made', async () => {
    async function* entries() {
      yield { name: 'a', data: Buffer.from('a') };
      throw new Error('no volume');
    }
    await expect(bytesOf(zipStored(entries()))).rejects.toThrow('no volume');
  });
});
