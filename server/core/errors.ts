/**
 * The single error type of the API. Every failure becomes one ApiError and is rendered as the
 * contract's envelope `{data, message, status}` by the app's error handler.
 */
export type FieldErrors = Record<string, unknown>;

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'Something went wrong while processing your request.',
  401: 'Missing or invalid authentication.',
  403: 'You are not allowed to perform this request.',
  404: "The requested resource wasn't found.",
  413: 'Request entity too large.',
  429: 'Too Many Requests.',
  500: 'Something went wrong while processing your request.',
};

/** PocketBase "sentenizes" messages: capital first letter and a final period. */
export function sentenize(message: string): string {
  const trimmed = message.trim();
  if (!trimmed) return trimmed;
  const first = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.?!]$/.test(first) ? first : `${first}.`;
}

export class ApiError extends Error {
  readonly status: number;
  readonly data: FieldErrors;

  constructor(status: number, message?: string, data: FieldErrors = {}) {
    super(sentenize(message || DEFAULT_MESSAGES[status] || 'Something went wrong while processing your request.'));
    this.status = status;
    this.data = data;
  }

  toJSON(): { data: FieldErrors; message: string; status: number } {
    return { data: this.data, message: this.message, status: this.status };
  }
}

export const badRequest = (message?: string, data?: FieldErrors) => new ApiError(400, message, data);
export const unauthorized = (message?: string) => new ApiError(401, message);
export const forbidden = (message?: string) => new ApiError(403, message);
export const notFound = (message?: string) => new ApiError(404, message);

/** A field-level validation error in the contract's `data.{field}` shape. */
export interface FieldError {
  code: string;
  message: string;
  params?: Record<string, unknown>;
}

export function fieldError(code: string, message: string, params?: Record<string, unknown>): FieldError {
  return params ? { code, message: sentenize(message), params } : { code, message: sentenize(message) };
}
