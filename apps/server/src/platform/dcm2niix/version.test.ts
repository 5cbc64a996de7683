import { describe, expect, it } from 'vitest';
import { bannerVersion, BUNDLED_VERSION, chooseNative, compareVersions } from './version';

describe('dcm2niix versions', () => {
  it('reads the version of the banner, and null for anything else', () => {
    expect(
      bannerVersion("Chris Rorden's dcm2niiX version v1.0.20220720  (JP2:OpenJPEG) GCC12.2.0 x86-64"),
    ).toBe('v1.0.20220720');
    expect(
      bannerVersion("Found 28 DICOM file(s)\nChris Rorden's dcm2niiX version v1.0.20241231a (JP2)"),
    ).toBe('v1.0.20241231a');
    expect(bannerVersion('true')).toBeNull();
  });

  it('orders versions by their numbers, then by the letter of a same-day release', () => {
    expect(compareVersions('v1.0.20220720', 'v1.0.20241231')).toBe(-1);
    expect(compareVersions('v1.0.20250506', 'v1.0.20241231')).toBe(1);
    expect(compareVersions('v1.0.20241231', 'v1.0.20241231')).toBe(0);
    expect(compareVersions('v1.0.20241231a', 'v1.0.20241231')).toBe(1);
    expect(compareVersions('v1.0.20241231', 'v1.0.20241231b')).toBe(-1);
    expect(compareVersions('v2.0.20200101', 'v1.0.20241231')).toBe(1);
    expect(compareVersions('v1.1.20200101', 'v1.0.20241231')).toBe(1);
    expect(compareVersions('1.0.20241231', 'v1.0.20241231')).toBe(0);
    expect(compareVersions('unknown', BUNDLED_VERSION)).toBeNull();
  });

  it('uses a native build at least as new as the bundled one, an older one only when forced', () => {
    expect(chooseNative('dcm2niix', BUNDLED_VERSION, false, false)).toMatchObject({
      build: 'native',
      level: 'info',
    });
    expect(chooseNative('dcm2niix', 'v1.0.20250506', false, true).build).toBe('native');
    expect(chooseNative('dcm2niix', 'v1.0.20220720', false, false)).toEqual({
      build: 'wasm',
      level: 'info',
      message: `dcm2niix: native dcm2niix v1.0.20220720 is older than the bundled WebAssembly ${BUNDLED_VERSION}, WebAssembly only (DCM2NIIX_FORCE_NATIVE=on uses it)`,
    });
    // A binary named in the configuration and set aside is worth a warning.
    expect(chooseNative('/opt/dcm2niix', 'v1.0.20220720', false, true).level).toBe('warn');
    expect(chooseNative('dcm2niix', 'v1.0.20220720', true, false)).toEqual({
      build: 'native',
      level: 'warn',
      message: `dcm2niix: native dcm2niix v1.0.20220720 is older than the bundled WebAssembly ${BUNDLED_VERSION}, used as DCM2NIIX_FORCE_NATIVE=on says; its outputs may differ`,
    });
    // A version that cannot be read is not known to be new enough.
    expect(chooseNative('dcm2niix', 'vX', false, false).build).toBe('wasm');
  });
});
