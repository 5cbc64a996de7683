import { describe, expect, it } from 'vitest';
import { commanderPathOf, isInside, nameParts, parseCommanderPath, rootsOf } from './paths';

const roots = rootsOf(['/srv/data/import', '/mnt/pacs-export']);
const parse = (p: string) => parseCommanderPath(p, roots);
const refused = (p: string) => parse(p).kind === 'refused';

describe('parseCommanderPath', () => {
  it('reads the top, a root and a path inside it', () => {
    expect(parse('/')).toEqual({ kind: 'top' });
    expect(parse('/import')).toMatchObject({ kind: 'inside', root: { name: 'import' }, segments: [] });
    expect(parse('/import/')).toMatchObject({ kind: 'inside', segments: [] });
    expect(parse('/pacs-export/CT 2024/IM0001.dcm')).toMatchObject({
      root: { dir: '/mnt/pacs-export' },
      segments: ['CT 2024', 'IM0001.dcm'],
    });
  });

  it('keeps unicode names and literal percent signs (nothing is decoded)', () => {
    expect(parse('/import/Müller Jörg/頭部 CT')).toMatchObject({ segments: ['Müller Jörg', '頭部 CT'] });
    expect(parse('/import/%2e%2e/%2fetc')).toMatchObject({ segments: ['%2e%2e', '%2fetc'] });
    expect(parse('/import/..foo/a..b')).toMatchObject({ segments: ['..foo', 'a..b'] });
  });

  it.each([
    // plain traversal, at the root and deeper, with and without trailing segments
    '/..',
    '/import/..',
    '/import/../..',
    '/import/a/../../etc/passwd',
    '/import/./a',
    '/import/...',
    // elFinder CVE-2022-26960: "files//..//..//etc/passwd", empty segments around ".."
    '/import//..//..//etc/passwd',
    '/import//etc',
    // Tiny File Manager CVE-2021-45010: the upload's fullpath "../../../var/www/html/x.php"
    '../../../var/www/html/x.php',
    '/import/uploads/../../../../var/www/html/x.php',
    // relative and absolute forms that are not commander paths
    'import/a',
    '',
    '//etc/passwd',
    '/etc/passwd',
    '/srv/data/import/a',
    // Monsta FTP CVE-2025-34299: a download written to the absolute local path the request names
    '/var/www/html/shell.php',
    'C:\\Windows\\win.ini',
    '/import/C:\\Windows',
    '\\\\server\\share',
    'file:///etc/passwd',
    // backslash traversal (Windows separators)
    '/import/..\\..\\etc',
    '/import/a\\b',
    // NUL truncation ("shell.php\0.jpg") and other controls
    '/import/shell.php\u0000.jpg',
    '/import/a\nb',
    '/import/a\rb',
    '/import/\u007f',
    // right-to-left override: "invoice\u202Egpj.exe" shows as "invoiceexe.jpg"
    '/import/invoice\u202Egpj.exe',
    // unicode lookalikes that normalise to dots or separators (fullwidth, one-dot leader, division slash)
    '/import/\uff0e\uff0e/etc',
    '/import/\u2024\u2024',
    '/import/a\uff0fb',
    '/import/a\uff3cb',
    // elFinder CVE-2022-27115: Windows drops trailing dots and spaces ("shell.php." is "shell.php")
    '/import/shell.php.',
    '/import/shell.php ',
    // a root by another case, or by its real path
    '/Import',
    '/IMPORT/a',
    '/mnt',
    // overlong names
    `/import/${'a'.repeat(256)}`,
  ])('refuses %j', (p) => {
    expect(refused(p)).toBe(true);
  });

  it('keeps names that look like options literal (elFinder CVE-2021-32682 passed them to zip): no shell runs', () => {
    expect(parse('/import/-rf/--help')).toMatchObject({ kind: 'inside', segments: ['-rf', '--help'] });
    expect(parse('/import/a;b|c$(d)`e`')).toMatchObject({ kind: 'inside', segments: ['a;b|c$(d)`e`'] });
  });

  it('gives the reason', () => {
    expect(parse('/import/../x')).toEqual({
      kind: 'refused',
      reason: 'The path "/import/../x" names the current or a parent folder.',
    });
  });
});

describe('isInside', () => {
  it('accepts the root and what is below it', () => {
    expect(isInside('/srv/import', '/srv/import')).toBe(true);
    expect(isInside('/srv/import', '/srv/import/a/b')).toBe(true);
    expect(isInside('/srv/import', '/srv/import/..a')).toBe(true);
  });
  it('refuses a sibling sharing the prefix, the parent and anything else', () => {
    expect(isInside('/srv/import', '/srv/import2')).toBe(false);
    expect(isInside('/srv/import', '/srv/import-evil/x')).toBe(false);
    expect(isInside('/srv/import', '/srv')).toBe(false);
    expect(isInside('/srv/import', '/etc/passwd')).toBe(false);
    expect(isInside('/srv/import', '/srv/import/../x')).toBe(false);
  });
});

describe('names', () => {
  it('splits the last extension', () => {
    expect(nameParts('IM0001.dcm')).toEqual({ filename: 'IM0001', extension: 'dcm' });
    expect(nameParts('t1.nii.gz')).toEqual({ filename: 't1.nii', extension: 'gz' });
    expect(nameParts('DICOMDIR')).toEqual({ filename: 'DICOMDIR', extension: '' });
    expect(nameParts('.hidden')).toEqual({ filename: '.hidden', extension: '' });
  });
  it('gives the commander path of a real one', () => {
    const [root] = roots;
    expect(commanderPathOf(root!, '/real/import', '/real/import')).toBe('/import');
    expect(commanderPathOf(root!, '/real/import', '/real/import/a/b.dcm')).toBe('/import/a/b.dcm');
  });
});
