/**
 * The extension of a file name, lower-cased and without the dot, or null when the name has none.
 *
 * An extension is the part after the last dot when it is 1 to 5 letters or digits with at least one
 * letter (`dcm`, `gz`, `jp2`, `dicom`). Names such as `I10`, `DICOMDIR` or a DICOM UID
 * (`1.2.840.113619.2.55`, whose last segment is all digits) have no extension, so the size rule decides.
 */
export function fileExtension(name: string): string | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  const tail = name.slice(dot + 1);
  return /^(?=.*[a-z])[a-z0-9]{1,5}$/i.test(tail) ? tail.toLowerCase() : null;
}
