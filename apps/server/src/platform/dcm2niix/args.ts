/**
 * dcm2niix's command line, shared by the native and WebAssembly runners (its log is read by
 * `suspectLogLine` of @voxa/imaging, as the browser's converter reads it).
 * Outputs are uncompressed NIfTI with a BIDS sidecar; `-ba y` keeps identifying fields out of the sidecar.
 */
export function dcm2niixArgs(inputDir: string, outputDir: string): string[] {
  return ['-z', 'n', '-b', 'y', '-ba', 'y', '-f', 'series', '-o', outputDir, inputDir];
}
