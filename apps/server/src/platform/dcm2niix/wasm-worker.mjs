// A worker thread around dcm2niix compiled to WebAssembly. Plain JavaScript on purpose: worker threads
// load their file with Node's own loader, which neither tsx nor Vitest transforms.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { URL } from 'node:url';
import { parentPort } from 'node:worker_threads';

// The package exports only its browser wrapper; the Emscripten module beside it runs in Node as it is.
const wrapper = import.meta.resolve('@niivue/dcm2niix');
const { default: createModule } = await import(new URL('dcm2niix.jpeg.js', wrapper).href);

let log = [];
const mod = await createModule({
  noInitialRun: true,
  print: (line) => log.push(line),
  printErr: (line) => log.push(line),
});

/** Empties a folder of the in-memory file system, so one instance serves many runs (the heap never shrinks). */
function clear(dir) {
  if (!mod.FS.analyzePath(dir).exists) return;
  for (const name of mod.FS.readdir(dir)) if (name !== '.' && name !== '..') mod.FS.unlink(`${dir}/${name}`);
  mod.FS.rmdir(dir);
}

parentPort.on('message', async ({ id, inputDir, outputDir, args }) => {
  log = [];
  try {
    clear('/in');
    clear('/out');
    mod.FS.mkdir('/in');
    mod.FS.mkdir('/out');
    for (const entry of await readdir(inputDir, { withFileTypes: true })) {
      if (entry.isFile())
        mod.FS.writeFile(`/in/${entry.name}`, await readFile(path.join(inputDir, entry.name)));
    }
    const exitCode = mod.callMain(args.map((a) => (a === inputDir ? '/in' : a === outputDir ? '/out' : a)));
    await mkdir(outputDir, { recursive: true });
    const outputs = mod.FS.readdir('/out').filter((name) => !name.startsWith('.'));
    for (const name of outputs) await writeFile(path.join(outputDir, name), mod.FS.readFile(`/out/${name}`));
    clear('/in');
    clear('/out');
    parentPort.postMessage({ id, exitCode, log: log.join('\n') });
  } catch (error) {
    // callMain throws on an abort (a CharLS assertion, out of memory): this instance is no longer sound.
    parentPort.postMessage({
      id,
      crashed: true,
      message: String(error?.message ?? error),
      log: log.join('\n'),
    });
  }
});
parentPort.postMessage({ ready: true });
