import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's request lines, one per answer in place of two at info: health probes and the switch
 * nodes' polls arrive every few seconds and would drown what an operator needs to read. An answer
 * slower than `slowRequestMs` is logged at info, every other one at debug; errors as Fastify does.
 */
export class RequestLogController extends LogController {
  readonly #slowRequestMs: number;

  constructor(slowRequestMs: number) {
    super();
    this.#slowRequestMs = slowRequestMs;
  }

  override incomingRequest(): void {
    // The answer's line says it all.
  }

  override streamError(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
    // A browser that leaves a page mid-download is no news; other stream errors are.
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') {
      reply.log.debug({ res: reply }, 'Stream closed prematurely');
      return;
    }
    super.streamError(error, request, reply);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) };
    if (reply.elapsedTime >= this.#slowRequestMs) {
      reply.log.info(line, 'Slow request');
    } else {
      reply.log.debug(line, 'Request completed');
    }
  }
}
