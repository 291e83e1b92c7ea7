import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's own per-request lines ('incoming request', 'request completed') only at debug
 * or trace: at the default level they would bury everything else in a terminal. A request
 * that errors is still logged.
 */
export function requestLogController(level: string): LogController {
  return level === 'debug' || level === 'trace' ? new LogController() : new FailedRequestsOnly();
}

class FailedRequestsOnly extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (error) super.requestCompleted(error, request, reply, metadata);
  }
}
