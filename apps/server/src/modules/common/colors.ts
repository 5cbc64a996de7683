import { randomInt } from 'node:crypto';

/** Colours given to new users and teams (avatars, badges). */
export const PALETTE = [
  '#0043de',
  '#e64980',
  '#be4bdb',
  '#7950f2',
  '#4c6ef5',
  '#228be6',
  '#15aabf',
  '#12b886',
  '#40c057',
  '#82c91e',
  '#fab005',
  '#fd7e14',
  '#fa5252',
] as const;

export function pickColor(): string {
  return PALETTE[randomInt(PALETTE.length)] ?? PALETTE[0];
}
