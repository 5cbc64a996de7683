/**
 * A small NIfTI-1 file (.nii, int16, little-endian) whose voxel value is `value(x, y, z)`: enough for the
 * slideshow and preview code, without reading the corpus.
 */
export function syntheticNifti(
  width: number,
  height: number,
  slices: number,
  value: (x: number, y: number, z: number) => number = (x, y, z) => x + y + 10 * z,
): Uint8Array {
  const header = new DataView(new ArrayBuffer(352));
  header.setInt32(0, 348, true);
  [3, width, height, slices, 1, 1, 1, 1].forEach((d, i) => header.setInt16(40 + 2 * i, d, true));
  header.setInt16(70, 4, true); // datatype int16
  header.setInt16(72, 16, true); // bitpix
  [1, 0.8, 0.8, 2, 1, 1, 1, 1].forEach((p, i) => header.setFloat32(76 + 4 * i, p, true));
  header.setFloat32(108, 352, true); // vox_offset
  header.setFloat32(112, 1, true); // scl_slope
  [0x6e, 0x2b, 0x31, 0].forEach((b, i) => header.setUint8(344 + i, b)); // "n+1\0"
  const voxels = new DataView(new ArrayBuffer(width * height * slices * 2));
  for (let z = 0; z < slices; z++)
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        voxels.setInt16(2 * ((z * height + y) * width + x), value(x, y, z), true);
  const out = new Uint8Array(352 + voxels.byteLength);
  out.set(new Uint8Array(header.buffer), 0);
  out.set(new Uint8Array(voxels.buffer), 352);
  return out;
}
