/**
 * An error that becomes an HTTP answer: the app's error handler sends `statusCode` with
 * `{ error: message }`. Throw it for bad input (400), missing credentials (401) and the like.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export function badRequest(message: string): HttpError {
  return new HttpError(400, message);
}
