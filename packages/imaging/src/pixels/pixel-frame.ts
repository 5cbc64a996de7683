/** Stored sample values of one grey image, in the type the file holds them. */
export type PixelValues =
  Uint8Array | Int8Array | Uint16Array | Int16Array | Uint32Array | Int32Array | Float32Array | Float64Array;

/** One 2D image, first row on top (display order). */
export type PixelFrame =
  | { kind: 'gray'; width: number; height: number; values: PixelValues }
  /** Interleaved R, G, B bytes. */
  | { kind: 'rgb'; width: number; height: number; rgb: Uint8ClampedArray };

/**
 * Why a frame could not be decoded here: `encapsulated` pixel data needs a codec (dcm2niix), `no-image`
 * means there is nothing this product can draw, `error` that the file is damaged.
 */
export type FrameFailure = { ok: false; reason: 'encapsulated' | 'no-image' | 'error'; error: string };
