#!/usr/bin/env node
/**
 * The echo reference: a plain socket.io server (the product's version, path and options, no adapter,
 * no authentication, no rooms) whose one event handler sends `echo` straight back to the socket it came
 * from. What the product adds on top of a socket.io round trip is what `bench:realtime` measures against
 * it. Prints one JSON line `{url}`; SIGTERM stops it.
 */
import http from 'node:http';
import { Server } from 'socket.io';
import { SOCKET_PATH } from '@voxa/contracts';

const server = http.createServer();
const io = new Server(server, { path: SOCKET_PATH, serveClient: false });
io.on('connection', (socket) => socket.on('echo', (payload) => socket.emit('echo', payload)));
server.listen(0, '127.0.0.1', () =>
  console.log(JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })),
);
process.once('SIGTERM', () => io.close(() => process.exit(0)));
