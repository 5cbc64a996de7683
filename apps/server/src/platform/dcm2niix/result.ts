import { readdir } from 'node:fs/promises';
// The dependency-free module only: the package's index pulls dicom-parser, whose UMD build has no
// named exports under Node's own ESM loader (the server runs on it).
import { suspectLogLine } from '@voxa/imaging/dcm2niix';
import { bannerVersion, type ConverterBuild } from './version';

export interface Conversion {
  /** Every file dcm2niix wrote in `outputDir` (each volume's NIfTI, JSON, .bval, .bvec), sorted. */
  files: string[];
  log: string;
  /** Which build converted it: the native binary or the WebAssembly one. */
  converter: ConverterBuild;
  /** The version its banner printed (null if the log had none): outputs depend on it (decision 0087). */
  version: string | null;
}

export interface ConvertOptions {
  /**
   * Files of the input known to hold one fragment per frame, by their frame counts: dcm2niix's
   * 'Compressed image stored as N fragments' for such an N is then expected, not a doubt (decision 0039).
   */
  framesAsFragments?: readonly number[];
}

/** DICOM folder -> NIfTI folder. Throws a ConversionError with dcm2niix's log when it fails. */
export interface Converter {
  convert(inputDir: string, outputDir: string, options?: ConvertOptions): Promise<Conversion>;
  close(): Promise<void>;
}

export class ConversionError extends Error {
  constructor(
    message: string,
    readonly log: string,
  ) {
    super(message);
    this.name = 'ConversionError';
  }
}

const FRAGMENTS = /Compressed image stored as (\d+) fragments/;

/** A log line saying a file's frames are its fragments, as the options expect. */
function expectedFragments(line: string, options: ConvertOptions): boolean {
  const count = FRAGMENTS.exec(line)?.[1];
  return count !== undefined && (options.framesAsFragments ?? []).includes(Number(count));
}

/** A finished run's outputs, or the reason they cannot be trusted. */
export async function conversionResult(
  converter: Conversion['converter'],
  outputDir: string,
  exitCode: number,
  log: string,
  options: ConvertOptions = {},
): Promise<Conversion> {
  const files = (await readdir(outputDir).catch(() => [])).sort();
  if (!files.some((f) => f.endsWith('.nii')))
    throw new ConversionError(`dcm2niix wrote no NIfTI file (exit code ${exitCode})`, log);
  if (exitCode !== 0) throw new ConversionError(`dcm2niix ended with code ${exitCode}`, log);
  const problem = suspectLogLine(log.split('\n').filter((line) => !expectedFragments(line, options)));
  if (problem) throw new ConversionError(`Output not trusted: ${problem}`, log);
  return { files, log, converter, version: bannerVersion(log) };
}
