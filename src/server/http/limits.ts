// What one client can hold of the server: a request must send its headers, and a JSON body, within a few
// seconds; any connection that stays silent is closed (an upload too, but only when it stalls: a large upload
// on a slow line may take as long as it needs while bytes keep coming); and the server keeps at most so many
// connections, and so many from one address. Without these, a few hundred requests that never finish their
// body hold the server's file descriptors until it can accept nothing.
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** Headers must arrive within this. */
  headersTimeoutMs: number;
  /** A request read by the server (JSON) must arrive whole within this; streamed uploads are not read here. */
  bodyTimeoutMs: number;
  /** Most connections at once; 0 for no limit. */
  maxConnections: number;
  /** Most connections from one client address at once; 0 for no limit (behind a proxy, the proxy's job). */
  maxConnectionsPerAddress: number;
}

export function registerConnectionLimits(app: FastifyInstance, limits: ConnectionLimits): void {
  const server = app.server;
  server.headersTimeout = limits.headersTimeoutMs;
  if (limits.maxConnections > 0) server.maxConnections = limits.maxConnections;

  if (limits.maxConnectionsPerAddress > 0) {
    const open = new Map<string, number>();
    server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress ?? '';
      const count = (open.get(address) ?? 0) + 1;
      if (count > limits.maxConnectionsPerAddress) {
        socket.destroy();
        return;
      }
      open.set(address, count);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
    });
  }

  // From the first byte of a request until its body is parsed (preValidation runs after that; streamed uploads
  // reach it at once, since their body is left to the handler).
  const timers = new WeakMap<object, NodeJS.Timeout>();
  const clear = async (request: { raw: object }) => {
    const timer = timers.get(request.raw);
    if (timer) clearTimeout(timer);
    timers.delete(request.raw);
  };
  app.addHook('onRequest', async (request) => {
    const timer = setTimeout(() => {
      request.log.info('request body not received in time: connection closed');
      request.raw.destroy();
    }, limits.bodyTimeoutMs);
    timer.unref();
    timers.set(request.raw, timer);
  });
  app.addHook('preValidation', clear);
  app.addHook('onResponse', clear);
  app.addHook('onRequestAbort', clear);
}
