import { randomBytes } from 'node:crypto';

export interface Credentials {
  name: string;
  email: string;
  password: string;
}

/** A new person with a unique e-mail address; `label` keeps failure messages readable. */
export function newCredentials(name: string): Credentials {
  const label = name.toLowerCase().replace(/[^a-z]+/g, '-');
  return {
    name,
    email: `${label}-${randomBytes(3).toString('hex')}@example.org`,
    password: `pw-${randomBytes(6).toString('hex')}`,
  };
}
