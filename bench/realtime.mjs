#!/usr/bin/env node
/**
 * `npm run bench:realtime`: how long a notification takes from its creation to its arrival at a socket,
 * with BENCH_SOCKETS (2,000) sockets connected to one server process, each signed in as a user of its own,
 * against a plain socket.io echo round trip with as many sockets connected, in the same run.
 *
 * - the server (`processes/server.mjs`, the app as `serve` builds it, PostgreSQL when it answers else
 *   PGlite, no Redis: one process) makes the users and their tokens; for a sample, this script asks it
 *   (a stdin line) to run the product's `notify` for one user picked at random, and the time runs from
 *   just before that call (the server's monotonic clock, the same clock as this process's) to the event
 *   `notification:created` reaching that user's socket here;
 * - the echo (`processes/echo.mjs`): a socket.io server whose handler sends `echo` back; a sample is one
 *   round trip from a socket picked at random, carrying a notification's JSON.
 *
 * One sample at a time; BENCH_SAMPLES (2,000) of each after a warm-up of 100 of each, the two taking turns
 * over BENCH_SLICES (4) slices so that a load that changes on the shared machine weighs on both. Prints the
 * median and p99 of each, the ratio p99/p99 (aim <= 2), and the notification's time in two parts: until
 * notify hands the event to socket.io (the id reserved; the row is stored after) and from there to the arrival.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { SOCKET_PATH } from '@voxa/contracts';
import { startProcess, startServer } from './processes/spawn.mjs';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 2000);
const SLICES = Number(process.env.BENCH_SLICES ?? 4);
const WARMUP = 100;

const now = () => process.hrtime.bigint();
const ms = (ns) => Number(ns) / 1e6;
const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** Sockets to `url`, one per token, connected 100 at a time (the web client's first transport). */
async function connectAll(url, tokens) {
  const sockets = [];
  for (let from = 0; from < tokens.length; from += 100) {
    const batch = tokens.slice(from, from + 100).map((token) => {
      const socket = io(url, {
        path: SOCKET_PATH,
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
      });
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** Sampler of the product: notify a random user, wait for the event at their socket. */
function notifications(server, users, sockets) {
  const arrived = new Map();
  const waiting = new Map();
  let last = null;
  for (const socket of sockets)
    socket.on('notification:created', (n) => {
      const at = now();
      last = n;
      const resolve = waiting.get(n.id);
      if (resolve) resolve(at);
      else arrived.set(n.id, at);
    });
  const arrival = (id) =>
    arrived.has(id) ? arrived.get(id) : new Promise((resolve) => waiting.set(id, resolve));
  return {
    last: () => last,
    async sample() {
      const { id, t0, emitted } = await server.request({ notify: pick(users).id });
      const at = await arrival(id);
      arrived.delete(id);
      waiting.delete(id);
      return { total: at - BigInt(t0), stored: BigInt(emitted) - BigInt(t0), sent: at - BigInt(emitted) };
    },
  };
}

/** Sampler of the reference: one echo round trip from a random socket. */
function echoes(sockets, payload) {
  return {
    async sample() {
      const socket = pick(sockets);
      const back = new Promise((resolve) => socket.once('echo', () => resolve(now())));
      const t0 = now();
      socket.emit('echo', payload());
      return { total: (await back) - t0 };
    },
  };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
function summary(values) {
  const sorted = values.map(ms).sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted.at(-1) };
}
const fmt = (v) => `${v.toFixed(2)} ms`;

const temp = await mkdtemp(path.join(os.tmpdir(), 'voxa-bench-realtime-'));
let server;
let echo;
const open = [];
try {
  const started = Date.now();
  server = await startServer(path.join(temp, 'data'), { BENCH_USERS: String(SOCKETS) });
  echo = await startProcess('echo');
  const tokens = server.users.map((u) => u.token);
  const userSockets = await connectAll(server.url, tokens);
  open.push(...userSockets);
  const echoSockets = await connectAll(echo.url, Array(SOCKETS).fill(''));
  open.push(...echoSockets);
  console.log(
    `${SOCKETS} sockets on the server (${server.database}) and ${SOCKETS} on the echo, ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const product = notifications(server, server.users, userSockets);
  const reference = echoes(echoSockets, () => product.last());
  for (let i = 0; i < WARMUP; i++) {
    await product.sample();
    await reference.sample();
  }
  const notified = [];
  const echoed = [];
  const perSlice = Math.ceil(SAMPLES / SLICES);
  for (let slice = 0; slice < SLICES; slice++) {
    const turns = [
      async () => notified.push(await product.sample()),
      async () => echoed.push(await reference.sample()),
    ];
    if (slice % 2) turns.reverse();
    for (const turn of turns) for (let i = 0; i < perSlice; i++) await turn();
  }

  const n = summary(notified.map((s) => s.total));
  const e = summary(echoed.map((s) => s.total));
  const stored = summary(notified.map((s) => s.stored));
  const sent = summary(notified.map((s) => s.sent));
  const line = (name, v) =>
    `${name.padEnd(28)} median ${fmt(v.median)}, p99 ${fmt(v.p99)}, max ${fmt(v.max)}`;
  console.log(`payload: ${JSON.stringify(product.last()).length} bytes of JSON; ${SAMPLES} samples of each`);
  console.log(line('echo round trip:', e));
  console.log(line('notification to arrival:', n));
  console.log(line('  notify until the emit:    ', stored));
  console.log(line('  emit to arrival:', sent));
  const ratio = (a, b) => (a / b).toFixed(2);
  console.log(`ratio p99/p99: ${ratio(n.p99, e.p99)} (aim <= 2); medians ${ratio(n.median, e.median)}`);
  console.log(
    `emit to arrival against the echo: p99 ${ratio(sent.p99, e.p99)}, medians ${ratio(sent.median, e.median)}`,
  );
  console.log(
    `load average: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  for (const socket of open) socket.close();
  await server?.stop();
  await echo?.stop();
  await rm(temp, { recursive: true, force: true });
}
