import { describe, expect, it, vi } from 'vitest';
import {
  conversionWarnings,
  createDcm2niixConverter,
  type Dcm2niixFactory,
  type Dcm2niixModule,
} from './dcm2niix';

/** An in-memory stand-in for the Emscripten module: files in a Map, callMain scripted per test. */
function fakeModule(callMain: (print: (line: string) => void) => number) {
  const files = new Map<string, Uint8Array<ArrayBuffer>>();
  const dirs = new Set<string>();
  let print: (line: string) => void = () => undefined;
  const mod: Dcm2niixModule = {
    FS: {
      mkdir: (path) => void dirs.add(path),
      writeFile: (path, data) => void files.set(path, data as Uint8Array<ArrayBuffer>),
      readdir: (dir) => [
        '.',
        '..',
        ...[...files.keys()].filter((p) => p.startsWith(`${dir}/`)).map((p) => p.slice(dir.length + 1)),
      ],
      readFile: (path) => files.get(path) as Uint8Array<ArrayBuffer>,
      unlink: (path) => void files.delete(path),
      rmdir: (path) => void dirs.delete(path),
    },
    callMain: () => callMain(print),
  };
  const factory = vi.fn<Dcm2niixFactory>(async (arg) => {
    print = arg.print;
    return mod;
  });
  return {
    factory,
    files,
    dirs,
    output: (name: string) => files.set(`/out/${name}`, new Uint8Array([1, 2])),
  };
}

const input = [{ name: 'a/1.dcm', bytes: new Uint8Array([0]) }];

describe('createDcm2niixConverter', () => {
  it('reuses one instance and leaves no files behind', async () => {
    const fake = fakeModule(() => {
      fake.output('series.nii');
      return 0;
    });
    const converter = createDcm2niixConverter(fake.factory);
    expect(await converter.convert(input)).toMatchObject({ ok: true, nifti: new Uint8Array([1, 2]) });
    expect(await converter.convert(input)).toMatchObject({ ok: true });
    expect(fake.factory).toHaveBeenCalledTimes(1);
    expect([...fake.files.keys(), ...fake.dirs]).toEqual([]);
  });

  it('replaces the instance after a crash', async () => {
    let calls = 0;
    const fake = fakeModule(() => {
      calls += 1;
      if (calls === 1) throw new Error('RuntimeError: unreachable');
      fake.output('series.nii');
      return 0;
    });
    const converter = createDcm2niixConverter(fake.factory);
    expect(await converter.convert(input)).toMatchObject({
      ok: false,
      error: expect.stringContaining('unreachable'),
    });
    expect(await converter.convert(input)).toMatchObject({ ok: true });
    expect(fake.factory).toHaveBeenCalledTimes(2);
  });

  it('fails a run whose log says the output may be wrong, or that made no NIfTI', async () => {
    for (const line of ['Compressed image stored as 3 fragments', 'Warning: DUPLICATES REMOVED']) {
      const fake = fakeModule((print) => {
        print(line);
        fake.output('series.nii');
        return 0;
      });
      const result = await createDcm2niixConverter(fake.factory).convert(input);
      expect(result).toMatchObject({ ok: false, error: expect.stringContaining(line) });
    }
    const empty = fakeModule(() => 2);
    expect(await createDcm2niixConverter(empty.factory).convert(input)).toMatchObject({ ok: false });
  });
});

describe('conversionWarnings', () => {
  it("keeps dcm2niix's warnings about the output, once each, without the benign ones", () => {
    const log = [
      'Chris Rorden dcm2niix v1.0.20241231',
      'Warning: Empty protocol name(s) (0018,1030)',
      'Warning: Note these images have gantry tilt of 18.5 degrees (manufacturer ID = 2)',
      'Warning: Interslice distance varies in this volume (incompatible with NIfTI format).',
      '  Warning: Interslice distance varies in this volume (incompatible with NIfTI format).',
      'Convert 28 DICOM as /out/series (512x512x28x1)',
    ];
    expect(conversionWarnings(log)).toEqual([
      'Note these images have gantry tilt of 18.5 degrees (manufacturer ID = 2)',
      'Interslice distance varies in this volume (incompatible with NIfTI format).',
    ]);
  });

  it('gives none for a clean log and at most ten for a noisy one', () => {
    expect(conversionWarnings(['Convert 2 DICOM as /out/series'])).toEqual([]);
    const noisy = Array.from({ length: 30 }, (_, i) => `Warning: slice ${i} odd`);
    expect(conversionWarnings(noisy)).toHaveLength(10);
  });
});
