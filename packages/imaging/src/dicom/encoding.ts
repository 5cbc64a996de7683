/** The element stream's markers (PS3.5 7.5), as tag numbers (group << 16 | element). */
export const DICOM_STREAM = {
  /** A length that a delimiter ends instead. */
  undefinedLength: 0xffffffff,
  item: 0xfffee000,
  itemEnd: 0xfffee00d,
  sequenceEnd: 0xfffee0dd,
  pixelData: 0x7fe00010,
} as const;
