import { errorBodySchema, type ErrorBody } from '@web-control/contract/errors';

/** Any answer outside 2xx. The JSON body, when there is one, is kept. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(readErrorMessage(body) ?? `Request failed with status ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }

  /** The platform's error body, when the answer carried one. */
  get errorBody(): ErrorBody | undefined {
    const parsed = errorBodySchema.safeParse(this.body);
    return parsed.success ? parsed.data : undefined;
  }
}

export class HttpTimeoutError extends Error {
  constructor() {
    super('The request timed out');
    this.name = 'HttpTimeoutError';
  }
}

function readErrorMessage(body: unknown): string | undefined {
  const parsed = errorBodySchema.safeParse(body);
  return parsed.success ? parsed.data.errorMessage : undefined;
}
