/**
 * dcm2niix's command line and how to read its log. Pure, shared by the native and WebAssembly runners.
 * Outputs are uncompressed NIfTI with a BIDS sidecar; `-ba y` keeps identifying fields out of the sidecar.
 */
export function dcm2niixArgs(inputDir: string, outputDir: string): string[] {
  return ['-z', 'n', '-b', 'y', '-ba', 'y', '-f', 'series', '-o', outputDir, inputDir];
}

/**
 * Log lines after which dcm2niix's output can be silently wrong (DESIGN.md): such a series fails rather
 * than being reported done.
 */
const UNTRUSTED_OUTPUT = [/Compressed image stored as \d+ fragments/i, /DUPLICATES REMOVED/i];

export function logProblem(log: string): string | null {
  const line = log.split('\n').find((l) => UNTRUSTED_OUTPUT.some((p) => p.test(l)));
  return line ? line.trim() : null;
}
