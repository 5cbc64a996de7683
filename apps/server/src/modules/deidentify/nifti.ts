/**
 * Blanks a NIfTI header's free-text fields (descrip, aux_file, intent_name), where tools sometimes write
 * a patient's name or ID. NIfTI-1 (348-byte header) and NIfTI-2 (540) in either byte order.
 */
export function blankNiftiText(bytes: Uint8Array): Uint8Array {
  const out = bytes.slice();
  blankNiftiHeaderText(out);
  return out;
}

/** The header bytes needed to blank a NIfTI's text fields (a NIfTI-2 header is 540 bytes). */
export const NIFTI_HEADER_BYTES = 540;

/** Blanks the text fields in place, in the first bytes of a NIfTI file (at least its header). */
export function blankNiftiHeaderText(out: Uint8Array): void {
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const size = view.getInt32(0, true);
  const swapped = view.getInt32(0, false);
  const fields: [number, number][] =
    size === 348 || swapped === 348
      ? [
          [328, 16],
          [148, 80],
          [228, 24],
        ] // intent_name, descrip, aux_file (NIfTI-1)
      : size === 540 || swapped === 540
        ? [
            [508, 16],
            [240, 80],
            [320, 24],
          ] // NIfTI-2
        : [];
  for (const [offset, length] of fields) out.fill(0, offset, offset + length);
}
