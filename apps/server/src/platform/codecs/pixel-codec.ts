import codecs from 'dcmjs-codecs';

const { Context, NativeCodecs } = codecs;

/** The Image Pixel module attributes a codec needs to read or write one frame. */
export interface PixelDescription {
  rows: number;
  columns: number;
  samplesPerPixel: number;
  bitsAllocated: number;
  bitsStored: number;
  /** 0 unsigned, 1 two's complement. */
  pixelRepresentation: number;
  /** 0 interleaved (RGBRGB...), 1 planar (RR...GG...BB...). */
  planarConfiguration: number;
  photometricInterpretation: string;
}

/** One frame as native pixel bytes, with what decoding changed (a JPEG's YBR comes out as RGB). */
export interface DecodedFrame {
  pixels: Uint8Array;
  photometricInterpretation: string;
  planarConfiguration: number;
}

/** A frame no codec here can read: an unknown syntax, or bytes its codec refuses. */
export class CodecError extends Error {}

type Decoder = 'decodeRle' | 'decodeJpeg' | 'decodeJpegLs' | 'decodeJpeg2000' | 'decodeHtJpeg2000';

/** Each encapsulated transfer syntax this server decodes, and the codec of dcmjs-codecs that reads it. */
const DECODERS: ReadonlyMap<string, Decoder> = new Map([
  ['1.2.840.10008.1.2.5', 'decodeRle'], // RLE Lossless
  ['1.2.840.10008.1.2.4.50', 'decodeJpeg'], // JPEG Baseline (Process 1)
  ['1.2.840.10008.1.2.4.51', 'decodeJpeg'], // JPEG Extended (Process 2 and 4)
  ['1.2.840.10008.1.2.4.57', 'decodeJpeg'], // JPEG Lossless (Process 14)
  ['1.2.840.10008.1.2.4.70', 'decodeJpeg'], // JPEG Lossless, First-Order Prediction (Process 14 SV1)
  ['1.2.840.10008.1.2.4.80', 'decodeJpegLs'], // JPEG-LS Lossless
  ['1.2.840.10008.1.2.4.81', 'decodeJpegLs'], // JPEG-LS Near-Lossless
  ['1.2.840.10008.1.2.4.90', 'decodeJpeg2000'], // JPEG 2000 Lossless Only
  ['1.2.840.10008.1.2.4.91', 'decodeJpeg2000'], // JPEG 2000
  ['1.2.840.10008.1.2.4.201', 'decodeHtJpeg2000'], // HTJ2K Lossless Only
  ['1.2.840.10008.1.2.4.202', 'decodeHtJpeg2000'], // HTJ2K with RPCL Options Lossless Only
  ['1.2.840.10008.1.2.4.203', 'decodeHtJpeg2000'], // HTJ2K
]);

/** Whether `decodeFrame` reads frames of this transfer syntax. */
export const canDecode = (transferSyntax: string): boolean => DECODERS.has(transferSyntax);

let ready: Promise<void> | null = null;

/** The WebAssembly module is compiled once per process, on first use. */
function codecsReady(): Promise<void> {
  ready ??= NativeCodecs.initializeAsync().catch((error: unknown) => {
    ready = null;
    throw error;
  });
  return ready;
}

function contextOf(pixel: PixelDescription, buffer: { encoded?: Uint8Array; decoded?: Uint8Array }) {
  return new Context({
    width: pixel.columns,
    height: pixel.rows,
    bitsAllocated: pixel.bitsAllocated,
    bitsStored: pixel.bitsStored,
    samplesPerPixel: pixel.samplesPerPixel,
    pixelRepresentation: pixel.pixelRepresentation,
    planarConfiguration: pixel.planarConfiguration,
    photometricInterpretation: pixel.photometricInterpretation,
    encodedBuffer: buffer.encoded,
    decodedBuffer: buffer.decoded,
  });
}

/**
 * One encapsulated frame (its compressed bytes) as native pixel bytes, little endian, in the layout the
 * description gives; colour JPEG frames come out as interleaved RGB (what DICOM asks of a decoder that
 * converts them). Throws CodecError for a syntax it does not know or a frame its codec cannot read.
 */
export async function decodeFrame(
  frame: Uint8Array,
  transferSyntax: string,
  pixel: PixelDescription,
): Promise<DecodedFrame> {
  const decoder = DECODERS.get(transferSyntax);
  if (!decoder) throw new CodecError(`No decoder for transfer syntax ${transferSyntax}.`);
  await codecsReady();
  const expected = (pixel.rows * pixel.columns * pixel.samplesPerPixel * pixel.bitsAllocated) / 8;
  let out;
  try {
    const colour = decoder === 'decodeJpeg' && pixel.samplesPerPixel === 3;
    out = NativeCodecs[decoder](
      contextOf(pixel, { encoded: frame }),
      colour ? { convertColorspaceToRgb: true } : {},
    );
  } catch (error) {
    throw new CodecError(`The frame could not be decoded: ${(error as Error).message}`);
  }
  const pixels = out.getDecodedBuffer();
  // A damaged frame can decode to fewer bytes than its rows and columns hold: refuse it rather than pad.
  if (!pixels || pixels.length < expected)
    throw new CodecError(`The frame decoded to ${pixels?.length ?? 0} bytes, not ${expected}.`);
  return {
    pixels: pixels.length === expected ? pixels : pixels.subarray(0, expected),
    photometricInterpretation: out.getPhotometricInterpretation() ?? pixel.photometricInterpretation,
    planarConfiguration: out.getPlanarConfiguration() ?? pixel.planarConfiguration,
  };
}

/** 8-bit grey or interleaved RGB pixels as a baseline JPEG file (`quality` 1-100). */
export async function encodeJpeg(
  pixels: Uint8Array,
  size: { width: number; height: number; samples: 1 | 3 },
  quality: number,
): Promise<Uint8Array> {
  await codecsReady();
  const context = contextOf(
    {
      rows: size.height,
      columns: size.width,
      samplesPerPixel: size.samples,
      bitsAllocated: 8,
      bitsStored: 8,
      pixelRepresentation: 0,
      planarConfiguration: 0,
      photometricInterpretation: size.samples === 3 ? 'RGB' : 'MONOCHROME2',
    },
    { decoded: pixels },
  );
  const out = NativeCodecs.encodeJpeg(context, { lossy: true, quality });
  const jpeg = out.getEncodedBuffer();
  if (!jpeg || jpeg.length === 0) throw new CodecError('The JPEG encoder wrote nothing.');
  return jpeg;
}
