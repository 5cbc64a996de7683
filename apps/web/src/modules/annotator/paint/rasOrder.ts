import type { Axis, Vec3 } from '@voxa/imaging';

/**
 * NiiVue shows a volume reoriented to RAS: its `permRAS` says, for each RAS axis, which file axis (1-based)
 * runs along it and, by its sign, whether reversed (NiiVue's `img2RAS`). Its drawing layer is in that RAS
 * order, while a mask file and the painting core are in the file's order. This maps between the two.
 */
export interface RasOrder {
  /** RAS dims (what NiiVue's drawing bitmap is shaped as). */
  rasDims: Vec3;
  /** Index in the RAS bitmap = x[i] + y[j] + z[k] for file voxel (i, j, k). */
  lut: readonly [Int32Array, Int32Array, Int32Array];
  /** File axis -> RAS axis it runs along. */
  rasAxisOf: readonly [Axis, Axis, Axis];
  /** File axis -> reversed in RAS. */
  flipped: readonly [boolean, boolean, boolean];
}

export function rasOrder(permRAS: readonly number[], fileDims: Vec3): RasOrder {
  const rasAxisOf: Axis[] = [0, 0, 0];
  const flipped = [false, false, false];
  const rasDims: number[] = [1, 1, 1];
  for (let p = 0; p < 3; p++) {
    const signed = permRAS[p] ?? p + 1;
    const file = Math.abs(signed) - 1;
    if (file < 0 || file > 2) throw new Error(`Not a permutation: ${permRAS.join(',')}`);
    rasAxisOf[file] = p as Axis;
    flipped[file] = signed < 0;
    rasDims[p] = fileDims[file as Axis];
  }
  const rasStride = [1, rasDims[0]!, rasDims[0]! * rasDims[1]!];
  const lut = [0, 1, 2].map((file) => {
    const n = fileDims[file as Axis];
    const stride = rasStride[rasAxisOf[file]!]!;
    const out = new Int32Array(n);
    for (let i = 0; i < n; i++) out[i] = (flipped[file] ? n - 1 - i : i) * stride;
    return out;
  }) as [Int32Array, Int32Array, Int32Array];
  return {
    rasDims: rasDims as unknown as Vec3,
    lut,
    rasAxisOf: rasAxisOf as [Axis, Axis, Axis],
    flipped: flipped as [boolean, boolean, boolean],
  };
}

/** The RAS bitmap index of a file voxel index. */
export function rasIndex(order: RasOrder, fileDims: Vec3, index: number): number {
  const nx = fileDims[0];
  const nxy = nx * fileDims[1];
  const k = Math.floor(index / nxy);
  const rest = index - k * nxy;
  const j = Math.floor(rest / nx);
  return order.lut[0][rest - j * nx]! + order.lut[1][j]! + order.lut[2][k]!;
}

/** A voxel in NiiVue's RAS voxel coordinates (as `mm2vox` gives them) -> the file's voxel coordinates. */
export function fileVoxel(order: RasOrder, fileDims: Vec3, ras: Vec3): Vec3 {
  const out = [0, 0, 0];
  for (let file = 0; file < 3; file++) {
    const r = ras[order.rasAxisOf[file]!];
    out[file] = order.flipped[file] ? fileDims[file as Axis] - 1 - r : r;
  }
  return out as unknown as Vec3;
}

/** The file axis that runs along RAS axis `ras` (the normal of an axial pane is RAS 2, S). */
export function fileAxisAlong(order: RasOrder, ras: Axis): Axis {
  return order.rasAxisOf.indexOf(ras) as Axis;
}

/** The whole mask in RAS order, as NiiVue's drawing layer takes it (values above 255 shown as 255). */
export function toRasBitmap(order: RasOrder, fileDims: Vec3, labels: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(labels.length);
  const [lx, ly, lz] = order.lut;
  let n = 0;
  for (let k = 0; k < fileDims[2]; k++)
    for (let j = 0; j < fileDims[1]; j++) {
      const base = ly[j]! + lz[k]!;
      for (let i = 0; i < fileDims[0]; i++) out[base + lx[i]!] = Math.min(255, labels[n++]!);
    }
  return out;
}
