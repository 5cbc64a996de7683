import { describe, expect, it } from 'vitest';
import { isStorageSopClass } from './storage-classes';

describe('isStorageSopClass', () => {
  it('takes every storage class, images or not', () => {
    for (const uid of [
      '1.2.840.10008.5.1.4.1.1.2', // CT Image
      '1.2.840.10008.5.1.4.1.1.88.11', // Basic Text SR
      '1.2.840.10008.5.1.4.1.1.88.59', // Key Object Selection
      '1.2.840.10008.5.1.4.1.1.11.1', // Grayscale Softcopy Presentation State
      '1.2.840.10008.5.1.4.1.1.66.4', // Segmentation
      '1.2.840.10008.5.1.4.1.1.481.3', // RT Structure Set
      '1.2.840.10008.5.1.4.1.1.9.1.1', // 12-lead ECG Waveform
    ])
      expect(isStorageSopClass(uid), uid).toBe(true);
  });

  it('refuses what is not a storage class', () => {
    for (const uid of ['1.2.840.10008.1.1', '1.2.840.10008.5.1.4.1.2.2.1', '1.2.3'])
      expect(isStorageSopClass(uid), uid).toBe(false);
  });
});
