/** The part of dcmjs (no bundled types) that de-identification uses. */
declare module 'dcmjs' {
  export interface DicomElement {
    vr: string;
    Value?: unknown[];
  }
  export type DicomDataset = Record<string, DicomElement>;
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
    };
    log: Logger & { getLogger(name: string): Logger };
  };
  export default dcmjs;
}
