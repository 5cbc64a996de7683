/** An error that becomes a JSON `{message, errors}` answer with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(400, message, errors);
export const unauthorized = (message = 'Unauthenticated.') => new HttpError(401, message);
export const forbidden = (message = 'This action is unauthorized.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(422, message, errors);
export const bodyTooLarge = (limit: number) =>
  new HttpError(413, `The request body is larger than the limit of ${limit} bytes.`);
export const tooManyRequests = (message: string) => new HttpError(429, message);
