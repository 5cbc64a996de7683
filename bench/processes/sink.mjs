#!/usr/bin/env node
/**
 * The discard sink: a plain Node http server answering the chunked upload's calls as the client needs
 * (a session, nothing held, a receipt per chunk) while its multipart bodies are parsed with the server's
 * own parser (busboy, under @fastify/multipart) and their bytes dropped. What the product adds on top of
 * receiving the bytes is what a bench measures against it. With BENCH_SINK_DIR it also takes `PUT /store`:
 * the body written to a file of its own there and flushed, the least a server storing files does.
 * `POST /dicom-web/studies` (bench/dicomweb) takes a STOW-RS body as the server does: its parts found by
 * the server's own multipart/related parser as the bytes arrive, then dropped.
 * Prints one JSON line `{url}`; SIGTERM stops it.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import Busboy from '@fastify/busboy';
// Started through tsx by the benches, so the server's TypeScript imports here.
import { readMultipartRelated } from '../../apps/server/src/modules/dicomweb/multipart-related.ts';

/** The pairs of an `Upload` header (`id=…;index=…;count=…`). */
const uploadHeader = (text = '') =>
  Object.fromEntries(text.split(';').map((pair) => pair.split('=', 2).map((s) => s.trim())));

const json = (res, body) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** A STOW-RS body split into its parts as it arrives, as the server's route reads it, each part dropped. */
async function stow(req, res) {
  let parts = 0;
  for await (const _part of readMultipartRelated(req, req.headers['content-type'] ?? '')) parts += 1;
  json(res, { parts });
}

let stored = 0;
/** The body to a new file, flushed on its descriptor before the answer. */
async function store(req, res) {
  const file = path.join(process.env.BENCH_SINK_DIR, `${(stored += 1)}.bin`);
  await pipeline(req, createWriteStream(file, { flush: true }));
  res.end('ok');
}

const server = http.createServer((req, res) => {
  const route = `${req.method} ${req.url.split('?')[0]}`;
  if (route === 'PUT /store' && process.env.BENCH_SINK_DIR) return void store(req, res);
  if (route === 'POST /dicom-web/studies') return void stow(req, res);
  if (route === 'POST /api/c-upload') {
    req.resume();
    return req.on('end', () => json(res, { session: randomUUID() }));
  }
  if (route === 'GET /api/c-upload/file') return json(res, { files: [] });
  if (route !== 'POST /api/c-upload/file') return res.writeHead(404).end();
  const h = uploadHeader(req.headers.upload);
  const parser = new Busboy({ headers: req.headers });
  parser.on('file', (_name, file) => file.resume());
  parser.on('finish', () => {
    const index = Number(h.index);
    const complete = index === Number(h.count) - 1;
    json(res, { file_id: h.id, index, duplicate: false, received: index + 1, complete, sha256: null });
  });
  req.pipe(parser);
});
server.listen(0, '127.0.0.1', () =>
  console.log(JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })),
);
process.once('SIGTERM', () => server.close(() => process.exit(0)));
