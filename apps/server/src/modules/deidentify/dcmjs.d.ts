/** The part of dcmjs (no bundled types) that de-identification and DICOM SEG (segmentations) use. */
declare module 'dcmjs' {
  export interface DicomElement {
    vr: string;
    Value?: unknown[];
  }
  export type DicomDataset = Record<string, DicomElement>;
  export type NaturalDataset = Record<string, unknown>;
  export interface DicomDict {
    meta: DicomDataset;
    dict: DicomDataset;
    write(options?: { allowInvalidVRLength?: boolean; fragmentMultiframe?: boolean }): ArrayBuffer;
  }
  interface Logger {
    setLevel(level: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'silent'): void;
  }
  const dcmjs: {
    data: {
      DicomMessage: {
        readFile(buffer: ArrayBuffer, options?: { ignoreErrors?: boolean; noCopy?: boolean }): DicomDict;
      };
      DicomMetaDictionary: {
        /** Keyword-keyed values: a sequence is an array of such datasets, a PN an `{Alphabetic}`. */
        naturalizeDataset(dataset: DicomDataset): NaturalDataset;
        /** A new UID under 2.25 (a UUID as a number). */
        uid(): string;
      };
      /** A naturalized dataset (with `_meta`, and `_vrMap` for ambiguous VRs) as a Part 10 file. */
      datasetToBuffer(dataset: NaturalDataset): Uint8Array;
    };
    log: Logger & { getLogger(name: string): Logger };
  };
  export default dcmjs;
}
