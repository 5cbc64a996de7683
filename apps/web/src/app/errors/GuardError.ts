/** Thrown for a route that names a guard nobody knows; the error page shows it as a 500. */
export class GuardError extends Error {
  readonly status = 500;
  constructor(readonly guard: string) {
    super(`Unknown route guard "${guard}"`);
    this.name = 'GuardError';
  }
}
