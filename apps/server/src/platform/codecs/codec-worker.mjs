// The pixel codecs' thread (platform/codecs/pixel-codec.ts): dcmjs-codecs' WebAssembly decodes and
// encodes here, so a large JPEG 2000 frame (most of a second) never blocks the server's event loop.
// Plain JavaScript: it needs nothing of the server's TypeScript sources.
import { parentPort } from 'node:worker_threads';
import codecs from 'dcmjs-codecs';

const { Context, NativeCodecs } = codecs;
const ready = NativeCodecs.initializeAsync();

function run({ op, pixel, buffer, params }) {
  const input = { [op.startsWith('decode') ? 'encodedBuffer' : 'decodedBuffer']: buffer };
  const context = new Context({
    width: pixel.columns,
    height: pixel.rows,
    bitsAllocated: pixel.bitsAllocated,
    bitsStored: pixel.bitsStored,
    samplesPerPixel: pixel.samplesPerPixel,
    pixelRepresentation: pixel.pixelRepresentation,
    planarConfiguration: pixel.planarConfiguration,
    photometricInterpretation: pixel.photometricInterpretation,
    ...input,
  });
  const out = NativeCodecs[op](context, params);
  const bytes = op.startsWith('decode') ? out.getDecodedBuffer() : out.getEncodedBuffer();
  return {
    bytes: bytes ?? new Uint8Array(0),
    photometricInterpretation: out.getPhotometricInterpretation(),
    planarConfiguration: out.getPlanarConfiguration(),
  };
}

parentPort.on('message', async (request) => {
  try {
    await ready;
    const reply = run(request);
    parentPort.postMessage({ id: request.id, ok: true, ...reply }, [reply.bytes.buffer]);
  } catch (error) {
    parentPort.postMessage({ id: request.id, ok: false, message: String(error?.message ?? error) });
  }
});
