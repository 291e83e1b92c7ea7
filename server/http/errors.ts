import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** An error whose message is safe to show to the person who made the request. */
export class HttpError extends Error {
  /** Sent as Retry-After (seconds) when set: when the client may try again. */
  retryAfterSeconds?: number;

  constructor(public readonly statusCode: number, message: string, public readonly extra: Record<string, unknown> = {}) {
    super(message);
  }
}

/** A 429 with Retry-After: the client may try again in `retryAfterMs` (rounded up to a second). */
export function tooManyRequests(message: string, retryAfterMs: number): HttpError {
  const err = new HttpError(429, message);
  err.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return err;
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/**
 * Every error leaves as `{ error }` JSON: our own HttpErrors with their message, other
 * client errors (Fastify's, plugins') with a plain message chosen here, server errors
 * logged and answered without details.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => answerError(err, request, reply));
}

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (a URL that does not
 * decode, such as `/api/%`, or a parameter over the router's length limit). Without it
 * Fastify answers them itself with its FST_ code and the path echoed back.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  answerError(err, request, reply);
}

function answerError(err: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (err instanceof HttpError) {
    if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
    return reply.status(err.statusCode).send({ error: err.message, ...err.extra });
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const answer = clientError(err.code, status);
    return reply.status(answer.status).send({ error: answer.message });
  }
  request.log.error({ err }, 'request failed');
  return reply.status(500).send({ error: 'Internal server error' });
}

// Errors we did not write carry internal codes and messages (often echoing the request);
// the person who sent it gets a message of our own, by code where one says more. A few
// plugin errors also carry a status that misnames the fault (406 for a malformed form).
const BY_CODE: Record<string, { message: string; status?: number }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: 'The request body is not valid JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { message: 'The request body does not match its Content-Length' },
  FST_ERR_BAD_URL: { message: 'The request URL is not valid' },
  FST_ERR_VALIDATION: { message: 'The request is not valid' },
  FST_PARTS_LIMIT: { message: 'The upload has too many parts' },
  FST_FILES_LIMIT: { message: 'The upload has too many files' },
  FST_FIELDS_LIMIT: { message: 'The upload has too many fields' },
  FST_REQ_FILE_TOO_LARGE: { message: 'The request body is too large' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { message: 'Expected a multipart/form-data upload', status: 415 },
  FST_INVALID_JSON_FIELD_ERROR: { message: 'A form field is not valid JSON', status: 400 },
  FST_PROTO_VIOLATION: { message: 'The request is not valid', status: 400 },
};

const MESSAGE_BY_STATUS: Record<number, string> = {
  401: 'Authentication required',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  408: 'The request took too long',
  411: 'The request needs a Content-Length',
  413: 'The request body is too large',
  414: 'The request URL is too long',
  415: 'Unsupported content type',
  416: 'Range not satisfiable',
  429: 'Too many requests. Try again later.',
  431: 'The request headers are too large',
};

function clientError(code: string | undefined, status: number): { status: number; message: string } {
  const known = code ? BY_CODE[code] : undefined;
  return { status: known?.status ?? status, message: known?.message ?? MESSAGE_BY_STATUS[status] ?? 'Bad request' };
}
