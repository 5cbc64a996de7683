/**
 * A segment's colour (#rrggbb, sRGB) as DICOM's RecommendedDisplayCIELabValue and back (PS3.3 C.10.7.1.1:
 * CIELab under D65, L 0..100 and a, b -128..127 scaled to 0..65535). 16 bits keep every 8-bit colour
 * exact through a round trip.
 */
const WHITE = [0.95047, 1, 1.08883] as const;
const TO_XYZ = [
  [0.4124564, 0.3575761, 0.1804375],
  [0.2126729, 0.7151522, 0.072175],
  [0.0193339, 0.119192, 0.9503041],
];
const TO_RGB = [
  [3.2404542, -1.5371385, -0.4985314],
  [-0.969266, 1.8760108, 0.041556],
  [0.0556434, -0.2040259, 1.0572252],
];

const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const gamma = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
const f = (t: number) => (t > (6 / 29) ** 3 ? Math.cbrt(t) : t / (3 * (6 / 29) ** 2) + 4 / 29);
const fInverse = (t: number) => (t > 6 / 29 ? t ** 3 : 3 * (6 / 29) ** 2 * (t - 4 / 29));
const mul = (m: number[][], v: number[]) =>
  m.map((row) => row.reduce((sum, x, i) => sum + x * (v[i] ?? 0), 0));
const clamp = (x: number, max: number) => Math.min(max, Math.max(0, Math.round(x)));

/** A #rrggbb colour in CIELab under D65: L 0..100, a and b about -128..127. */
export function hexToLab(hex: string): [number, number, number] {
  const rgb = [1, 3, 5].map((i) => linear(parseInt(hex.slice(i, i + 2), 16) / 255));
  const [fx, fy, fz] = mul(TO_XYZ, rgb).map((v, i) => f(v / (WHITE[i] ?? 1))) as [number, number, number];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

export function hexToDicomLab(hex: string): [number, number, number] {
  const [l, a, b] = hexToLab(hex);
  return [
    clamp((l * 65535) / 100, 65535),
    clamp(((a + 128) * 65535) / 255, 65535),
    clamp(((b + 128) * 65535) / 255, 65535),
  ];
}

export function dicomLabToHex(lab: readonly number[]): string {
  const l = ((lab[0] ?? 0) * 100) / 65535;
  const a = ((lab[1] ?? 0) * 255) / 65535 - 128;
  const b = ((lab[2] ?? 0) * 255) / 65535 - 128;
  const fy = (l + 16) / 116;
  const xyz = [fy + a / 500, fy, fy - b / 200].map((t, i) => fInverse(t) * (WHITE[i] ?? 1));
  return `#${mul(TO_RGB, xyz)
    .map((c) =>
      clamp(gamma(c) * 255, 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
