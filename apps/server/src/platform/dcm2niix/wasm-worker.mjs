// A worker thread around dcm2niix compiled to WebAssembly. Plain JavaScript on purpose: worker threads
// load their file with Node's own loader, which neither tsx nor Vitest transforms.
//
// Memory (docs/decisions/0015): the series' files are not copied into the in-memory file system; /in and
// /out hold nodes whose reads and writes go to the host files, so the only large allocation is
// dcm2niix's own heap, which a cap bounds. The module arrives compiled (workerData), so a fresh worker
// only instantiates it: the parent replaces a worker whose heap grew instead of keeping that heap.
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  writeSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { URL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

/* global WebAssembly */

const { maxHeapBytes } = workerData;

// The package exports only its browser wrapper; the Emscripten module beside it runs in Node as it is.
const wrapper = import.meta.resolve('@niivue/dcm2niix');
const { default: createModule } = await import(new URL('dcm2niix.jpeg.js', wrapper).href);
// The first worker compiles (V8 takes seconds on the 900 KB module) and hands the result to the parent.
const compiled =
  workerData.module ?? (await WebAssembly.compile(await readFile(new URL('dcm2niix.jpeg.wasm', wrapper))));

/** Set when the cap refused growth: a crash that follows is dcm2niix running out of memory. */
let refusedGrowth = false;

/** The module's memory, with growth refused past the cap: malloc then fails inside dcm2niix. */
function capped(memory) {
  return {
    get buffer() {
      return memory.buffer;
    },
    grow(pages) {
      if (memory.buffer.byteLength + pages * 65536 > maxHeapBytes) {
        refusedGrowth = true;
        throw new RangeError('heap cap');
      }
      return memory.grow(pages);
    },
  };
}

let log = [];
let memory;
const mod = await createModule({
  noInitialRun: true,
  print: (line) => log.push(line),
  printErr: (line) => log.push(line),
  // Returns the exports, which the glue awaits; the memory export is swapped for its capped view.
  instantiateWasm(imports, receive) {
    const exports = { ...new WebAssembly.Instance(compiled, imports).exports };
    for (const [name, value] of Object.entries(exports)) {
      if (value instanceof WebAssembly.Memory) {
        memory = value;
        exports[name] = capped(value);
      }
    }
    return receive({ exports }, compiled);
  },
});
const { FS } = mod;
const MEMFS = FS.filesystems.MEMFS;

/** Makes a MEMFS file node a window on a host file: no bytes kept in memory. */
function hostBacked(node, hostPath, size, writable) {
  node.hostPath = hostPath;
  node.usedBytes = size;
  node.node_ops = {
    ...node.node_ops,
    setattr(target, attr) {
      if (attr.size !== undefined) {
        truncateSync(target.hostPath, attr.size);
        target.usedBytes = attr.size;
      }
      MEMFS.node_ops.setattr(target, { ...attr, size: undefined });
    },
  };
  node.stream_ops = {
    llseek: MEMFS.stream_ops.llseek,
    open(stream) {
      stream.hostFd = openSync(stream.node.hostPath, writable ? 'r+' : 'r');
    },
    close(stream) {
      closeSync(stream.hostFd);
    },
    read(stream, buffer, offset, length, position) {
      return readSync(stream.hostFd, buffer, offset, length, position);
    },
    write(stream, buffer, offset, length, position) {
      const written = writeSync(stream.hostFd, buffer, offset, length, position);
      stream.node.usedBytes = Math.max(stream.node.usedBytes, position + written);
      return written;
    },
  };
}

/** /in: one read-only node per file of the series folder. */
function mountInput(inputDir) {
  FS.mkdir('/in');
  for (const entry of readdirSync(inputDir, { withFileTypes: true })) {
    const hostPath = path.join(inputDir, entry.name);
    const stats = statSync(hostPath);
    if (!stats.isFile()) continue;
    const node = FS.create(`/in/${entry.name}`, 0o444);
    hostBacked(node, hostPath, stats.size, false);
  }
}

/** /out: every file dcm2niix creates there is created in the output folder and written straight to it. */
function mountOutput(outputDir) {
  mkdirSync(outputDir, { recursive: true });
  const dir = FS.mkdir('/out');
  dir.node_ops = {
    ...dir.node_ops,
    mknod(parent, name, mode, dev) {
      const node = MEMFS.node_ops.mknod(parent, name, mode, dev);
      if (FS.isFile(mode)) {
        const hostPath = path.join(outputDir, name);
        closeSync(openSync(hostPath, 'w'));
        hostBacked(node, hostPath, 0, true);
      }
      return node;
    },
    unlink(parent, name) {
      const node = FS.lookupNode(parent, name);
      MEMFS.node_ops.unlink(parent, name);
      if (node.hostPath) rmSync(node.hostPath, { force: true });
    },
    rename(node, newDir, newName) {
      MEMFS.node_ops.rename(node, newDir, newName);
      if (!node.hostPath) return;
      const hostPath = path.join(outputDir, newName);
      renameSync(node.hostPath, hostPath);
      node.hostPath = hostPath;
    },
  };
}

/** Host files an aborted run left open: their descriptors belong to the whole process, not this thread. */
function closeHostFiles() {
  for (const stream of FS.streams) if (stream?.hostFd !== undefined) closeSync(stream.hostFd);
}

/** Empties a folder of the in-memory file system; the host files stay where they are. */
function clear(dir) {
  if (!FS.analyzePath(dir).exists) return;
  for (const name of FS.readdir(dir)) {
    if (name === '.' || name === '..') continue;
    delete FS.lookupPath(`${dir}/${name}`).node.hostPath;
    FS.unlink(`${dir}/${name}`);
  }
  FS.rmdir(dir);
}

parentPort.on('message', ({ id, inputDir, outputDir, args }) => {
  log = [];
  refusedGrowth = false;
  try {
    clear('/in');
    clear('/out');
    mountInput(inputDir);
    mountOutput(outputDir);
    const exitCode = mod.callMain(args.map((a) => (a === inputDir ? '/in' : a === outputDir ? '/out' : a)));
    clear('/in');
    clear('/out');
    parentPort.postMessage({
      id,
      exitCode,
      outOfMemory: refusedGrowth,
      log: log.join('\n'),
      heapBytes: memory.buffer.byteLength,
    });
  } catch (error) {
    // callMain throws on an abort (a CharLS assertion, a failed allocation): this instance is not sound.
    closeHostFiles();
    parentPort.postMessage({
      id,
      crashed: true,
      outOfMemory: refusedGrowth,
      message: String(error?.message ?? error),
      log: log.join('\n'),
      heapBytes: memory.buffer.byteLength,
    });
  }
});
parentPort.postMessage({ ready: true, module: compiled });
