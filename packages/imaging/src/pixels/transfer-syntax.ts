/** Transfer syntaxes whose pixel data is stored as is (native), so it can be read without a codec. */
const NATIVE_SYNTAXES: ReadonlySet<string> = new Set([
  '1.2.840.10008.1.2', // Implicit VR Little Endian
  '1.2.840.10008.1.2.1', // Explicit VR Little Endian
  '1.2.840.10008.1.2.1.99', // Deflated Explicit VR Little Endian (the whole data set is deflated)
  '1.2.840.10008.1.2.2', // Explicit VR Big Endian
]);

export const EXPLICIT_VR_BIG_ENDIAN = '1.2.840.10008.1.2.2';

/**
 * Pixel data that needs a decoder (RLE, JPEG, JPEG-LS, JPEG 2000, ...). A missing syntax is taken as
 * native: files without a meta header are implicit or explicit little endian.
 */
export function isEncapsulatedSyntax(transferSyntaxUid: string | null): boolean {
  return transferSyntaxUid !== null && !NATIVE_SYNTAXES.has(transferSyntaxUid);
}
