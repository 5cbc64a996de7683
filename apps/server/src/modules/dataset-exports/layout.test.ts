import { describe, expect, it } from 'vitest';
import {
  caseIds,
  channelName,
  datasetFolder,
  datasetJson,
  datasetJsonEntry,
  imageEntry,
  labelEntry,
} from './layout';
import { labelTable, remapVoxels } from './labels';

describe('nnU-Net raw layout names', () => {
  it('names the dataset folder DatasetNNN_Name with a three-digit id', () => {
    expect(datasetFolder(5, 'Prostate')).toBe('Dataset005_Prostate');
    expect(datasetFolder(501, 'Liver')).toBe('Dataset501_Liver');
  });

  it('numbers cases from 1 in at least three digits, more when there are more cases', () => {
    expect(caseIds('Liver', 3)).toEqual(['Liver_001', 'Liver_002', 'Liver_003']);
    expect(caseIds('Liver', 1200).at(-1)).toBe('Liver_1200');
    expect(caseIds('Liver', 1200)[0]).toBe('Liver_0001');
    expect(caseIds('Liver', 0)).toEqual([]);
  });

  it('puts the image as channel 0000 in imagesTr and the label in labelsTr, both .nii.gz', () => {
    const folder = 'Dataset501_Liver';
    expect(imageEntry(folder, 'Liver_001')).toBe('Dataset501_Liver/imagesTr/Liver_001_0000.nii.gz');
    expect(labelEntry(folder, 'Liver_001')).toBe('Dataset501_Liver/labelsTr/Liver_001.nii.gz');
    expect(datasetJsonEntry(folder)).toBe('Dataset501_Liver/dataset.json');
  });
});

describe('channelName', () => {
  it('is the shared modality, CT spelt as nnU-Net normalises it', () => {
    expect(channelName(['CT', 'ct', ' CT'])).toBe('CT');
    expect(channelName(['MR', 'MR'])).toBe('MR');
  });
  it('is null for mixed or unknown modalities', () => {
    expect(channelName(['CT', 'MR'])).toBeNull();
    expect(channelName(['CT', null])).toBeNull();
    expect(channelName([null])).toBeNull();
    expect(channelName([])).toBeNull();
  });
});

describe('dataset.json', () => {
  it('holds channel_names, labels with background 0, numTraining and file_ending', () => {
    expect(
      datasetJson({
        folder: 'Dataset501_Liver',
        channel: 'CT',
        labels: { background: 0, Liver: 1 },
        numTraining: 2,
        description: 'From Voxa',
      }),
    ).toEqual({
      channel_names: { '0': 'CT' },
      labels: { background: 0, Liver: 1 },
      numTraining: 2,
      file_ending: '.nii.gz',
      name: 'Dataset501_Liver',
      description: 'From Voxa',
    });
  });
});

describe('labelTable', () => {
  it('numbers classes consecutively by their smallest value, the same class alike in every case', () => {
    const table = labelTable([
      [
        { title: 'Liver', value: 5 },
        { title: 'Spleen', value: 1 },
      ],
      [
        { title: 'Liver', value: 2 },
        { title: 'Kidney', value: 117 },
      ],
    ]);
    expect(table.labels).toEqual({ background: 0, Spleen: 1, Liver: 2, Kidney: 3 });
    expect([...(table.remaps[0] ?? [])]).toEqual([
      [5, 2],
      [1, 1],
    ]);
    expect([...(table.remaps[1] ?? [])]).toEqual([
      [2, 2],
      [117, 3],
    ]);
  });

  it('orders ties by title and trims titles; a segment called background keeps label 0 free', () => {
    const table = labelTable([
      [
        { title: ' b ', value: 1 },
        { title: 'a', value: 1 },
        { title: 'Background', value: 2 },
      ],
    ]);
    expect(table.labels).toEqual({ background: 0, a: 1, b: 2, 'Background (segment)': 3 });
  });

  it('has only background for cases without segments', () => {
    expect(labelTable([[]]).labels).toEqual({ background: 0 });
  });
});

describe('remapVoxels', () => {
  it('renumbers in place, unknown values to background, and answers the labels present', () => {
    const voxels = new Uint16Array([0, 5, 117, 9, 5]);
    const present = remapVoxels(
      voxels,
      new Map([
        [5, 2],
        [117, 3],
      ]),
    );
    expect([...voxels]).toEqual([0, 2, 3, 0, 2]);
    expect(present).toEqual([2, 3]);
  });

  it('refuses a label a uint8 mask cannot hold', () => {
    expect(() => remapVoxels(new Uint8Array([1]), new Map([[1, 300]]))).toThrow(/does not fit/);
  });
});
