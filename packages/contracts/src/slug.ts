/** Team slug rules: the slug is a DNS label under BASE_DOMAIN, so it must be one. */
export const SLUG_MIN = 3;
export const SLUG_MAX = 32;
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Labels that name parts of the product or common infrastructure, never a team. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'app',
  'assets',
  'auth',
  'cdn',
  'dashboard',
  'dev',
  'docs',
  'ftp',
  'help',
  'imap',
  'install',
  'localhost',
  'login',
  'mail',
  'ns1',
  'ns2',
  'pop',
  'register',
  'root',
  'smtp',
  'static',
  'status',
  'support',
  'svc',
  'test',
  'voxa',
  'www',
]);

/** Returns the reason a slug is unacceptable, or null when it is fine. */
export function slugProblem(slug: string): string | null {
  if (slug.length < SLUG_MIN || slug.length > SLUG_MAX)
    return `The address must be ${SLUG_MIN} to ${SLUG_MAX} characters long.`;
  if (!SLUG_PATTERN.test(slug))
    return 'Use lowercase letters, digits and hyphens; start and end with a letter or digit.';
  if (slug.includes('--')) return 'The address may not contain two hyphens in a row.';
  if (RESERVED_SLUGS.has(slug)) return 'This address is reserved.';
  return null;
}

/** Suggests a slug from a team title: "Neuro Lab #2" -> "neuro-lab-2". */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
}
