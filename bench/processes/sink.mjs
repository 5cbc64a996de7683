#!/usr/bin/env node
/**
 * The sink: a plain Node http server taking what the server takes, with nothing of the product on top,
 * the reference a bench measures the product against. It answers the chunked upload's calls as the
 * client needs (a session, nothing held, a receipt per chunk), its multipart bodies parsed with the
 * server's own parser (busboy, under @fastify/multipart); `POST /dicom-web/studies` (bench/dicomweb)
 * takes a STOW-RS body as the server does, its parts found by the server's own multipart/related parser
 * as the bytes arrive. Without BENCH_SINK_DIR it drops the bytes (the discard sink). With it, it stores
 * them there, the least a server that answers 'stored' does: each uploaded file, each STOW-RS part (as
 * many at once as the server writes) and each `PUT /store` body (bench/upload) written to a file of its
 * own and flushed before the answer.
 * Prints one JSON line `{url}`; SIGTERM stops it.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import Busboy from '@fastify/busboy';
// Started through tsx by the benches, so the server's TypeScript imports here.
import { eachAtOnce } from '../../apps/server/src/platform/concurrency/each-at-once.ts';
import { readMultipartRelated } from '../../apps/server/src/modules/dicomweb/multipart-related.ts';

const STORE_DIR = process.env.BENCH_SINK_DIR;
/** As many parts written at once as the server's STOW-RS writes (WRITES_AT_ONCE in its ingest). */
const WRITES_AT_ONCE = 16;

/** The pairs of an `Upload` header (`id=…;index=…;count=…`). */
const uploadHeader = (text = '') =>
  Object.fromEntries(text.split(';').map((pair) => pair.split('=', 2).map((s) => s.trim())));

const json = (res, body) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

let stored = 0;
/** The path of the next stored file. */
const nextFile = () => path.join(STORE_DIR, `${(stored += 1)}.bin`);

/** A stream's bytes to a new file, flushed on its descriptor when storing; else read and dropped. */
async function keep(stream) {
  if (!STORE_DIR) return void stream.resume();
  await pipeline(stream, createWriteStream(nextFile(), { flush: true }));
}

/** Bytes in memory to a new file, flushed on its descriptor. */
async function writeFlushed(bytes) {
  const file = await open(nextFile(), 'wx');
  try {
    await file.write(bytes);
    await file.sync();
  } finally {
    await file.close();
  }
}

/** A STOW-RS body split into its parts as it arrives, as the server's route reads it. */
async function stow(req, res) {
  let parts = 0;
  const received = readMultipartRelated(req, req.headers['content-type'] ?? '');
  await eachAtOnce(received, STORE_DIR ? WRITES_AT_ONCE : 1, async ({ body }) => {
    parts += 1;
    if (STORE_DIR) await writeFlushed(body);
  });
  json(res, { parts });
}

/** One chunk of the upload: its file part to its destination, then the receipt. */
function uploadChunk(req, res) {
  const h = uploadHeader(req.headers.upload);
  const parser = new Busboy({ headers: req.headers });
  const written = [];
  parser.on('file', (_name, file) => written.push(keep(file)));
  parser.on('finish', async () => {
    await Promise.all(written);
    const index = Number(h.index);
    const complete = index === Number(h.count) - 1;
    json(res, { file_id: h.id, index, duplicate: false, received: index + 1, complete, sha256: null });
  });
  req.pipe(parser);
}

const server = http.createServer((req, res) => {
  const route = `${req.method} ${req.url.split('?')[0]}`;
  if (route === 'PUT /store') return void keep(req).then(() => res.end('ok'));
  if (route === 'POST /dicom-web/studies') return void stow(req, res);
  if (route === 'POST /api/c-upload') {
    req.resume();
    return req.on('end', () => json(res, { session: randomUUID() }));
  }
  if (route === 'GET /api/c-upload/file') return json(res, { files: [] });
  if (route === 'POST /api/c-upload/file') return uploadChunk(req, res);
  res.writeHead(404).end();
});
server.listen(0, '127.0.0.1', () =>
  console.log(JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })),
);
process.once('SIGTERM', () => server.close(() => process.exit(0)));
