/**
 * bench/paint: the annotator's label operations (packages/imaging/src/labels) on a 512 x 512 x 300 mask
 * (78.6 M voxels, uint8) with an int16 CT-like intensity volume, against two references measured in the
 * same run on the same mask: `Uint8Array.fill` over it and one plain loop reading every voxel (what any
 * whole-volume pass costs at least). Prints for each operation its first call (cold: the JIT has not
 * compiled it yet, as on the viewer's first click), the median of the warm rounds, the voxels it changed,
 * ns per changed voxel and the ratio to the single pass. Not part of `npm test`.
 *
 *   npm run bench:paint      (BENCH_ROUNDS=5 counted after BENCH_WARMUP=3; BENCH_DIMS=512x512x300;
 *                            BENCH_ONLY=pattern of the operations to run)
 *
 * The intensity volume is synthetic (deterministic): air -1000 HU, a body cylinder of 40 +- 5 HU and a
 * ball of 60 +- 5 HU of about 5 M voxels in it, so a threshold fill of [50, 70] from the ball's centre
 * fills the ball alone, as a liver fill from a click would.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  UndoStack,
  eraseRule,
  fillContour,
  fillSlice,
  fillVolume,
  labelFigures,
  labelVolume,
  paintRule,
  paintStroke,
} from '../packages/imaging/src/labels/index.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const dims = (process.env.BENCH_DIMS ?? '512x512x300').split('x').map(Number);
const spacing = [0.7, 0.7, 1.25];
const [nx, ny, nz] = dims;
const centre = [nx / 2, ny / 2, nz / 2];
// A ball of about 5 M voxels (4/3 pi r^3), smaller when the volume is.
const ballRadius = Math.min(106, nx / 2 - 2, ny / 2 - 2, nz / 2 - 2);

function makeIntensity() {
  const intensity = new Int16Array(nx * ny * nz);
  let seed = 12345;
  for (let z = 0, i = 0; z < nz; z++)
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++, i++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const noise = (seed % 11) - 5;
        const dx = x - centre[0];
        const dy = y - centre[1];
        const dz = z - centre[2];
        if (dx * dx + dy * dy + dz * dz <= ballRadius * ballRadius) intensity[i] = 60 + noise;
        else if (dx * dx + dy * dy <= (0.45 * nx) ** 2) intensity[i] = 40 + noise;
        else intensity[i] = -1000 + noise;
      }
  return intensity;
}

/** The reference pass: a plain loop reading every voxel, in a function of its own as the library's are. */
function readEveryVoxel(array) {
  let sum = 0;
  for (let i = 0; i < array.length; i++) sum += array[i];
  return sum;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function time(fn) {
  const start = performance.now();
  const result = fn();
  return { ms: performance.now() - start, result };
}

console.log(
  `paint bench: ${dims.join(' x ')} uint8 mask (${((nx * ny * nz) / 1e6).toFixed(1)} M voxels), ${rounds} rounds`,
);
const built = time(makeIntensity);
const intensity = built.result;
console.log(`intensity volume built in ${built.ms.toFixed(0)} ms`);
const volume = labelVolume(new Uint8Array(nx * ny * nz), dims, spacing);
const { data } = volume;
const zMid = Math.floor(centre[2]);
const circle = Array.from({ length: 200 }, (_, k) => {
  const a = (2 * Math.PI * k) / 200;
  return [centre[0] + 0.4 * nx * Math.cos(a), centre[1] + 0.4 * ny * Math.sin(a)];
});

/** Each operation starts from the state `setup` leaves; what it returns is the change record. */
const allOperations = [
  {
    name: 'reference: Uint8Array.fill of the mask',
    run: () => {
      data.fill(1);
      return { indices: { length: data.length } };
    },
  },
  {
    name: 'reference: one pass reading every voxel',
    run: () => ({ indices: { length: readEveryVoxel(data) & 0 } }),
  },
  {
    name: 'figures: the ball painted (6 % of the mask)',
    setup: () => fillVolume(volume, centre, paintRule(data, 2), { intensity, lo: 50, hi: 70 }),
    run: () => ({ indices: { length: labelFigures(volume).length & 0 } }),
  },
  {
    name: 'figures: every voxel painted, one value',
    setup: () => data.fill(3),
    run: () => ({ indices: { length: labelFigures(volume).length & 0 } }),
  },
  {
    name: 'brush: sphere r 5 mm, stroke of 40 voxels',
    run: () =>
      paintStroke(
        volume,
        [200, 200, 150],
        [240, 220, 160],
        { shape: 'sphere', radiusMm: 5 },
        paintRule(data, 1),
      ),
  },
  {
    name: 'brush: disc r 10 mm, stroke of 100 voxels',
    run: () =>
      paintStroke(
        volume,
        [150, 150, zMid],
        [250, 200, zMid],
        { shape: 'disc', radiusMm: 10, axis: 2 },
        paintRule(data, 1),
      ),
  },
  {
    name: 'eraser: sphere r 5 mm over that stroke',
    setup: () =>
      paintStroke(
        volume,
        [200, 200, 150],
        [240, 220, 160],
        { shape: 'sphere', radiusMm: 5 },
        paintRule(data, 1),
      ),
    run: () =>
      paintStroke(
        volume,
        [200, 200, 150],
        [240, 220, 160],
        { shape: 'sphere', radiusMm: 5 },
        eraseRule(data, 1),
      ),
  },
  {
    name: '2D fill: empty axial slice (label region)',
    run: () => fillSlice(volume, [0, 0, zMid], 2, paintRule(data, 1)),
  },
  {
    name: '2D fill: ball in its axial slice, [50, 70] HU',
    run: () => fillSlice(volume, centre, 2, paintRule(data, 1), { intensity, lo: 50, hi: 70 }),
  },
  {
    name: '3D fill: ball, [50, 70] HU, 6-connected',
    run: () => fillVolume(volume, centre, paintRule(data, 1), { intensity, lo: 50, hi: 70 }),
  },
  {
    name: '3D fill: ball, preserveOthers, half already painted',
    setup: () => data.fill(1, 0, data.length >> 1),
    run: () =>
      fillVolume(volume, centre, paintRule(data, 1, { preserveOthers: true }), { intensity, lo: 50, hi: 70 }),
  },
  {
    name: 'contour fill: 200-point circle, axial',
    run: () => fillContour(volume, 2, zMid, circle, paintRule(data, 1)),
  },
  {
    name: 'undo + redo of the 3D fill',
    setup: () => {
      const stack = new UndoStack();
      stack.push(fillVolume(volume, centre, paintRule(data, 1), { intensity, lo: 50, hi: 70 }));
      return stack;
    },
    run: (stack) => {
      const undone = stack.undo(data);
      stack.redo(data);
      return undone;
    },
  },
];

// BENCH_ONLY: a pattern of the operations to run (the references always run).
const only = new RegExp(process.env.BENCH_ONLY ?? '');
const operations = allOperations.filter((op) => op.name.startsWith('reference') || only.test(op.name));
const results = operations.map(() => []);
const cold = operations.map(() => 0);
const changed = operations.map(() => 0);
for (let round = 0; round < warmup + rounds; round++) {
  operations.forEach((op, k) => {
    data.fill(0);
    const state = op.setup?.();
    const { ms, result } = time(() => op.run(state));
    changed[k] = result.indices.length;
    if (round === 0) cold[k] = ms;
    if (round >= warmup) results[k].push(ms);
  });
}

const pass = median(results[1]);
const rows = operations.map((op, k) => {
  const ms = median(results[k]);
  return {
    operation: op.name,
    'cold ms': cold[k].toFixed(1),
    'warm ms': ms.toFixed(1),
    'voxels changed': changed[k].toLocaleString('en'),
    'ns / changed voxel': changed[k] > 0 ? ((ms * 1e6) / changed[k]).toFixed(1) : '',
    'x one pass': (ms / pass).toFixed(2),
  };
});
console.table(rows);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
