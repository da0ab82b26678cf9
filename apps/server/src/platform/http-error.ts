/**
 * An error that becomes an HTTP answer: the app's error handler sends `statusCode` with
 * `{ error: message }`. Throw it for bad input (400), missing credentials (401) and the like.
 * `fields`: the body's fields it is about (a taken name), sent as `fields` so a form says the
 * message next to them (docs/development.md, "Errors a form can cause").
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields: readonly string[] = [],
  ) {
    super(message);
  }
}

export function badRequest(message: string): HttpError {
  return new HttpError(400, message);
}
