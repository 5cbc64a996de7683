import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The shared corpus (never copied into the repository); TESTDATA_DIR overrides the default location. */
export const TESTDATA_DIR =
  process.env.TESTDATA_DIR ?? path.resolve(import.meta.dirname, '../..', '../shared/testdata');

/** Every file below `dir`, as a person would pick the whole folder. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}
