// An HTTP proxy of the tests' own between Chromium and the server, injecting the faults a
// store's network and server give: on the till's writes (POST /api/sales...)
// it answers 503, drops the reply after the server acted on the request, delays, or
// black-holes the request (never answers), at random from a fixed seed. Everything else
// passes. The target can change (a server restarted on another port) and the faults can
// stop (the network heals).
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { seededRandom } from '../../../src/shared/seeded-random';

export type Fault = 'pass' | '503' | 'drop-reply' | 'delay' | 'blackhole';

export interface FaultProxy {
  port: number;
  setTarget(port: number): void;
  /** Faults on (the given seed) or off. */
  faults(on: boolean): void;
  /** What each faulted request got, in order. */
  log: Fault[];
  close(): Promise<void>;
}

const isTillWrite = (req: IncomingMessage) => req.method === 'POST' && (req.url ?? '').startsWith('/api/sales');

export async function startFaultProxy(target: number, seed: number): Promise<FaultProxy> {
  const random = seededRandom(seed); // the same faults on every run
  let on = false;
  const log: Fault[] = [];
  const sockets = new Set<Socket>();

  const forward = (req: IncomingMessage, body: Buffer, res: ServerResponse, dropReply: boolean) => {
    const upstream = request(
      { host: '127.0.0.1', port: target, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        if (dropReply) {
          // The server did the work; its answer is lost on the way back.
          answer.resume();
          answer.on('end', () => res.socket?.destroy());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.socket?.destroy()); // server down: the connection drops
    upstream.end(body);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      let fault: Fault = 'pass';
      if (on && isTillWrite(req)) {
        const r = random();
        fault = r < 0.2 ? '503' : r < 0.4 ? 'drop-reply' : r < 0.55 ? 'delay' : r < 0.65 ? 'blackhole' : 'pass';
        log.push(fault);
      }
      if (fault === '503') {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end('{"success":false,"error":"Serviço indisponível"}');
      } else if (fault === 'blackhole') {
        // Accepted, never answered: only the client's deadline ends it.
      } else if (fault === 'delay') {
        setTimeout(() => forward(req, body, res, false), 300 + random() * 1500);
      } else {
        forward(req, body, res, fault === 'drop-reply');
      }
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
  return {
    port,
    setTarget: (next) => {
      target = next;
    },
    faults: (next) => {
      on = next;
    },
    log,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
