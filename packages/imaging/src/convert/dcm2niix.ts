/**
 * dcm2niix (WASM) as a DICOM -> NIfTI converter that works the same in a browser worker and in Node: it
 * takes the Emscripten module factory (the default export of `@niivue/dcm2niix/dist/dcm2niix.jpeg.js`)
 * instead of importing it, so each side loads the module its own way.
 */

/** The part of the Emscripten module the converter uses (in-memory file system and the CLI entry). */
export interface Dcm2niixModule {
  FS: {
    mkdir(path: string): void;
    writeFile(path: string, data: Uint8Array): void;
    readdir(path: string): string[];
    readFile(path: string): Uint8Array<ArrayBuffer>;
    unlink(path: string): void;
    rmdir(path: string): void;
  };
  callMain(args: string[]): number;
}

export type Dcm2niixFactory = (moduleArg: {
  print: (line: string) => void;
  printErr: (line: string) => void;
}) => Promise<Dcm2niixModule>;

export interface ConversionInput {
  name: string;
  bytes: Uint8Array;
}

export type ConversionResult =
  { ok: true; nifti: Uint8Array<ArrayBuffer>; log: string[] } | { ok: false; error: string; log: string[] };

export interface Dcm2niixConverter {
  /** Converts the files of one series; never throws. */
  convert(files: ConversionInput[]): Promise<ConversionResult>;
}

const INPUT_DIR = '/in';
const OUTPUT_DIR = '/out';
/** No JSON sidecar, no gzip (the output is read right away), one fixed name (dcm2niix adds a, b, ... to more). */
const ARGS = ['-b', 'n', '-z', 'n', '-f', 'series', '-o', OUTPUT_DIR, INPUT_DIR];

/** Log lines after which dcm2niix's output can be silently wrong (DESIGN.md, dcm2niix measured here). */
const SUSPECT_LOG = [/Compressed image stored as \d+ fragments/, /DUPLICATES REMOVED/];

export function suspectLogLine(log: string[]): string | undefined {
  return log.find((line) => SUSPECT_LOG.some((pattern) => pattern.test(line)));
}

/** Warnings that say nothing about the output's geometry or timing (a blank text field). */
const BENIGN_WARNINGS = [/Empty (protocol name|series description)/i];
const MAX_WARNINGS = 10;

/**
 * What dcm2niix warned of while converting (its `Warning:` lines: gantry tilt, uneven slice spacing,
 * mosaic or slice-timing doubts...), once each and at most ten, for the series to show: an output it
 * warned about is not silently done.
 */
export function conversionWarnings(log: string[]): string[] {
  const warnings = log
    .map((line) => line.trim())
    .filter((line) => /^warning:/i.test(line) && !BENIGN_WARNINGS.some((pattern) => pattern.test(line)))
    .map((line) => line.replace(/^warning:\s*/i, ''));
  return [...new Set(warnings)].slice(0, MAX_WARNINGS);
}

function removeDir(mod: Dcm2niixModule, dir: string): void {
  for (const name of mod.FS.readdir(dir)) {
    if (name !== '.' && name !== '..') mod.FS.unlink(`${dir}/${name}`);
  }
  mod.FS.rmdir(dir);
}

function message(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown);
}

/**
 * One long-lived module instance (a cold start compiles 900 KB of WASM), its in-memory files deleted
 * after every run (the heap never shrinks), and a new instance after a run that crashed.
 */
export function createDcm2niixConverter(factory: Dcm2niixFactory): Dcm2niixConverter {
  let log: string[] = [];
  let instance: Promise<Dcm2niixModule> | null = null;
  const load = () =>
    (instance ??= factory({ print: (line) => log.push(line), printErr: (line) => log.push(line) }));

  const run = (mod: Dcm2niixModule, files: ConversionInput[]): ConversionResult => {
    mod.FS.mkdir(INPUT_DIR);
    mod.FS.mkdir(OUTPUT_DIR);
    // Index prefixes keep names unique; the folder a file came from means nothing to dcm2niix.
    files.forEach((file, index) =>
      mod.FS.writeFile(`${INPUT_DIR}/${index}_${file.name.replace(/[^\w.-]/g, '_')}`, file.bytes),
    );
    const exitCode = mod.callMain([...ARGS]);
    const outputs = mod.FS.readdir(OUTPUT_DIR)
      .filter((name) => name.endsWith('.nii'))
      .sort();
    const suspect = suspectLogLine(log);
    if (suspect) return { ok: false, error: `dcm2niix output is not reliable: ${suspect}`, log };
    const first = outputs[0];
    if (!first) return { ok: false, error: `dcm2niix made no NIfTI (exit code ${exitCode})`, log };
    return { ok: true, nifti: mod.FS.readFile(`${OUTPUT_DIR}/${first}`), log };
  };

  const convertNow = async (files: ConversionInput[]): Promise<ConversionResult> => {
    let mod: Dcm2niixModule;
    try {
      mod = await load();
    } catch (thrown) {
      instance = null;
      return { ok: false, error: `dcm2niix did not start: ${message(thrown)}`, log: [] };
    }
    log = [];
    try {
      const result = run(mod, files);
      removeDir(mod, INPUT_DIR);
      removeDir(mod, OUTPUT_DIR);
      return result;
    } catch (thrown) {
      // A crashed instance (e.g. a CharLS assertion) is left to the garbage collector.
      instance = null;
      return { ok: false, error: `dcm2niix failed: ${message(thrown)}`, log };
    }
  };

  // One run at a time: the module's file system and log are shared by all runs.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    convert(files) {
      const result = queue.then(() => convertNow(files));
      queue = result;
      return result;
    },
  };
}
