/**
 * What the server does with a connection's requests beyond Fastify's routing.
 *
 * Requests Node's parser refuses (an unknown method, Content-Length with Transfer-Encoding, two Content-Lengths, a
 * bare LF, headers too large, a request too slow) are answered on the raw socket, where no hook runs: in the
 * endpoint's error shape, with the site's security headers and a request id, and only after the answer to a request
 * already received in full on that connection, so a valid request followed by garbage gets both answers. A request
 * whose own body broke the parser, or stalled (408), is answered at once: its handler would wait for it forever.
 *
 * Pipelined requests are run one after the other: a request waits until the answers before it on its connection
 * are sent. When one of them closed the connection (an unreadable body is answered with Connection: close), the
 * requests behind it can never be answered, so they are not run either: a submission is never stored unanswered.
 */
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from './api-error';

interface Answer {
  /** Resolves once the answer is sent (or its connection closed). */
  sent: Promise<void>;
  done: boolean;
  /** The request it answers: one whose body is still arriving cannot be answered once the parser has failed. */
  request: IncomingMessage;
}

const lastAnswer = new WeakMap<Socket, Answer>();
const answerBefore = new WeakMap<IncomingMessage, Answer>();

/** Records, for each request, the answer before it on its connection. Runs before Fastify's own request listener. */
export function trackAnswers(server: Server) {
  server.prependListener('request', (request, response) => {
    const before = lastAnswer.get(request.socket);
    if (before && !before.done) answerBefore.set(request, before);
    const answer: Answer = { done: false, request, sent: new Promise((resolve) => response.once('close', resolve)) };
    void answer.sent.then(() => (answer.done = true));
    lastAnswer.set(request.socket, answer);
  });
}

/**
 * The first onRequest hook: a pipelined request runs once the answers before it are sent, and not at all when its
 * connection can no longer carry an answer (an answer before it closed the connection, or the client is gone).
 *
 * A client can be gone before its request is read: under load a connection waits in the accept queue, its client
 * sends part of an upload and gives up (a reset), and the server reads what was sent only afterwards. The socket has
 * no peer address then (getpeername fails), so the request has no `ip`: the rate limit cannot count it (and
 * @fastify/rate-limit throws on it), and no answer can reach anyone. It is dropped, logged as an ordinary request's
 * line, neither an error nor a 500.
 */
export function keepPipelinedRequestsInOrder(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const before = answerBefore.get(request.raw);
    if (before) await before.sent;
    const socket = request.raw.socket;
    const clientGone = socket.destroyed || socket.remoteAddress === undefined;
    if (socket.writableEnded || clientGone) {
      request.log.info('a request on a connection that can no longer carry its answer: not run');
      reply.hijack();
      // An answer before it may still be on its way out; a connection whose client is gone only holds a place.
      if (clientGone) socket.destroy();
    }
  });
}

function rawAnswer(status: number, headers: Record<string, string>, body: string): string {
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`];
  for (const [name, value] of Object.entries({ ...headers, 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' })) {
    lines.push(`${name}: ${value}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Fastify's clientErrorHandler: `securityHeaders` gives the snapshot of the site's security headers. */
export function clientErrorHandler(securityHeaders: () => Record<string, string>) {
  const answered = new WeakSet<Socket>();
  return function (this: FastifyInstance, error: Error & { code?: string; reason?: string }, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
    answered.add(socket);
    const requestId = randomUUID();
    const headers = { ...securityHeaders(), 'X-Request-Id': requestId, 'Cache-Control': 'no-store' };
    let answer: string;
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      // As documented: the request did not arrive in time, nothing to explain in a body.
      answer = rawAnswer(408, headers, '');
    } else {
      const [status, code, message] =
        error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'headers_too_large', 'The request headers are too large.']
          : [400, 'bad_request', `The request is not valid HTTP/1.1: ${error.reason ?? 'it could not be parsed'}.`];
      const body = JSON.stringify(errorBody(code, message));
      answer = rawAnswer(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8' }, body);
    }
    this.log.info({ reqId: requestId, code: error.code, reason: error.reason }, 'a request the HTTP parser refused');
    const send = () => {
      if (socket.writable) socket.end(answer, () => socket.destroy());
      else socket.destroy();
    };
    const inFlight = lastAnswer.get(socket);
    if (!inFlight || inFlight.done || !inFlight.request.complete) return send();
    const closed = new Promise((resolve) => socket.once('close', resolve));
    void Promise.race([inFlight.sent, closed]).then(send);
  };
}
