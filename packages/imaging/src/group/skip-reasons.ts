/** Why a DICOM file is left out of every series; the first is the spec's V1 message (section 5, V1). */
export const skipReason = {
  noPixelData: (name: string) => `File ${name} has no data part. Skipped.`,
  directory: (name: string) => `File ${name} is a DICOM directory, not an image. Skipped.`,
  noUids: (name: string) => `File ${name} has no study or series instance UID. Skipped.`,
  repeatedInstance: (name: string, sopInstanceUid: string) =>
    `File ${name} repeats SOP instance ${sopInstanceUid} of an earlier file. Skipped.`,
};

/** A repeated instance is ignored (section 5, V1), not a failed file: the V1 result does not count it. */
export const isRepeatedInstanceReason = (reason: string) =>
  /^File .* repeats SOP instance .* of an earlier file\. Skipped\.$/s.test(reason);
