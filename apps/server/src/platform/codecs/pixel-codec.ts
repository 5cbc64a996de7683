import { Worker } from 'node:worker_threads';

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
export const DECODERS: ReadonlyMap<string, Decoder> = new Map([
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

type Operation = Decoder | 'encodeJpeg';

interface Reply {
  id: number;
  ok: boolean;
  message?: string;
  bytes?: Uint8Array;
  photometricInterpretation?: string;
  planarConfiguration?: number;
}

let thread: Worker | null = null;
const pending = new Map<number, (reply: Reply) => void>();
let nextId = 1;

/**
 * The codecs' thread, started on first use and kept (the WebAssembly compiles once); one that fails
 * answers its pending calls with the failure and is replaced by the next call.
 */
function codecThread(): Worker {
  if (thread) return thread;
  const started = new Worker(new URL('./codec-worker.mjs', import.meta.url));
  started.unref();
  started.on('message', (reply: Reply) => {
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  });
  const fail = (message: string) => {
    if (thread === started) thread = null;
    for (const answer of pending.values()) answer({ id: 0, ok: false, message });
    pending.clear();
  };
  started.on('error', (error) => fail(error.message));
  started.on('exit', (code) => fail(`The codec thread stopped (exit code ${code}).`));
  thread = started;
  return started;
}

/** One codec call in the codecs' thread; its bytes are copied there, the answer's moved back. */
function call(op: Operation, pixel: PixelDescription, bytes: Uint8Array, params: object): Promise<Reply> {
  const worker = codecThread();
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    worker.postMessage({ id, op, pixel, buffer: bytes, params });
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
  const expected = (pixel.rows * pixel.columns * pixel.samplesPerPixel * pixel.bitsAllocated) / 8;
  const colour = decoder === 'decodeJpeg' && pixel.samplesPerPixel === 3;
  const reply = await call(decoder, pixel, frame, colour ? { convertColorspaceToRgb: true } : {});
  if (!reply.ok) throw new CodecError(`The frame could not be decoded: ${reply.message}`);
  const pixels = reply.bytes;
  // A damaged frame can decode to fewer bytes than its rows and columns hold: refuse it rather than pad.
  if (!pixels || pixels.length < expected)
    throw new CodecError(`The frame decoded to ${pixels?.length ?? 0} bytes, not ${expected}.`);
  return {
    pixels: pixels.length === expected ? pixels : pixels.subarray(0, expected),
    photometricInterpretation: reply.photometricInterpretation ?? pixel.photometricInterpretation,
    planarConfiguration: reply.planarConfiguration ?? pixel.planarConfiguration,
  };
}

/** 8-bit grey or interleaved RGB pixels as a baseline JPEG file (`quality` 1-100). */
export async function encodeJpeg(
  pixels: Uint8Array,
  size: { width: number; height: number; samples: 1 | 3 },
  quality: number,
): Promise<Uint8Array> {
  const pixel: PixelDescription = {
    rows: size.height,
    columns: size.width,
    samplesPerPixel: size.samples,
    bitsAllocated: 8,
    bitsStored: 8,
    pixelRepresentation: 0,
    planarConfiguration: 0,
    photometricInterpretation: size.samples === 3 ? 'RGB' : 'MONOCHROME2',
  };
  const reply = await call('encodeJpeg', pixel, pixels, { lossy: true, quality });
  if (!reply.ok || !reply.bytes || reply.bytes.length === 0)
    throw new CodecError(`The JPEG encoder failed: ${reply.message ?? 'it wrote nothing'}`);
  return reply.bytes;
}
