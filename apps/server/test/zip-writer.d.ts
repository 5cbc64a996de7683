/** One entry of a test archive; `mode` is a unix mode (0o120777 makes a symbolic link). */
export interface ZipEntry {
    name: string;
    data: Uint8Array | string;
    mode?: number;
    /** Store instead of deflate. */
    stored?: boolean;
}
/**
 * A minimal zip writer for tests: archives a real tool would refuse to make (zip-slip names, symbolic
 * links, bombs) are exactly what the tests need.
 */
export declare function makeZip(entries: ZipEntry[]): Buffer;
