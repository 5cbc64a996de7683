/**
 * PS3.15's Retain Safe Private Option, limited to the private attributes conversion needs: without them
 * a Siemens mosaic stays one flat image, diffusion loses its b-values and Philips loses its real-value
 * scaling. Each names its block by private creator, as vendors assign blocks per file (PS3.5 7.8.1).
 * None of them holds a person's name, an identifier or a date.
 */
const SAFE: Readonly<Record<string, readonly number[]>> = {
  // Siemens: CSA image and series headers (mosaic geometry, slice times, diffusion).
  '0029|SIEMENS CSA HEADER': [0x08, 0x09, 0x10, 0x18, 0x19, 0x20],
  // Siemens: images in a mosaic, slice duration, b-value, gradient direction, b-matrix, bandwidth, slice times.
  '0019|SIEMENS MR HEADER': [0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x27, 0x28, 0x29],
  // GE: diffusion gradient components and b-value, slice timing.
  '0019|GEMS_ACQU_01': [0xbb, 0xbc, 0xbd],
  '0043|GEMS_PARM_01': [0x39, 0x2c, 0x6f, 0x7c, 0x7d],
  // Philips: b-value and diffusion direction, real-world scaling and gradient orientation.
  '2001|Philips Imaging DD 001': [0x03, 0x04, 0x0b],
  '2005|Philips MR Imaging DD 001': [0x0d, 0x0e, 0xb0, 0xb1, 0xb2],
};

/** Whether private tag `tag` (8 hex digits) is a safe one, given the creator of its block. */
export function isSafePrivate(tag: string, creatorOf: (creatorTag: string) => string | undefined): boolean {
  const group = tag.slice(0, 4);
  const block = tag.slice(4, 6);
  const element = Number.parseInt(tag.slice(6, 8), 16);
  if (block === '00') return false; // Creators are kept when one of their elements is.
  const creator = creatorOf(`${group}00${block}`)?.trim();
  return creator !== undefined && (SAFE[`${group}|${creator}`]?.includes(element) ?? false);
}

/** The creator element of a private tag's block: (gggg,00xx) for (gggg,xxee). */
export function creatorTagOf(tag: string): string {
  return `${tag.slice(0, 4)}00${tag.slice(4, 6)}`;
}
