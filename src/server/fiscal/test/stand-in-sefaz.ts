// A stand-in SEFAZ for the tests, the Chromium runs and the benchmarks (test code, not part
// of the product): HTTPS on 127.0.0.1 with a throwaway CA, a client certificate required
// (issued by the CA given), SOAP 1.2, every request validated against the official schema
// (xmllint) and its signature verified (xmlsec1), the note's rules checked
// (stand-in-sefaz-rules.ts), answers as the MOC writes them, faults on demand and a log of
// what it received. Start it in a test with startStandInSefaz, or as a process with
// stand-in-sefaz-cli.ts.
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { childText, findElement } from '../../../shared/fiscal/sefaz-answers';
import { SEFAZ_SERVICES, WSDL_BASE, type SefazService } from '../sefaz-client';
import { SCHEMAS } from './xml-tools';
import { certificateCnpj, reasonOf, STAND_IN_VERSION, type Verdict } from './stand-in-sefaz-rules';
import { createChecker, makeServerCertificate, removeServerCertificate } from './stand-in-sefaz-tools';
import { createStandInState, type Handled } from './stand-in-sefaz-state';

export type StandInFault =
  /** Accept the request and never answer; `processFirst`: do the work (authorize...) and then not answer. */
  | { kind: 'no-answer'; processFirst?: boolean }
  /** Answer this HTTP status (503 by default) without doing anything. */
  | { kind: 'http'; status?: number }
  /** Wait `ms` before handling the request as usual. */
  | { kind: 'delay'; ms: number }
  /** Answer this rejection (the note's, the event's, the inutilização's or the service's cStat). */
  | { kind: 'reject'; cstat: number; reason?: string };

export interface StandInOptions {
  /** The CA that issued the stores' A1 certificates: TLS clients and signatures are checked against it. */
  clientCaPem: string;
  /** CSC by idCSC (without leading zeros) to check QR v2 hashes; a note with another idCSC is refused (462). */
  csc?: Readonly<Record<string, string>>;
  /** How long after its authorization a note may be cancelled (default 30 minutes). */
  cancelWindowMs?: number;
  /** How far dhEmi may be from the time of receipt either way (default 5 minutes). */
  emissionWindowMs?: number;
  /** Schema and signature checks (xmllint, xmlsec1); off for benchmarks. Default on. */
  validate?: boolean;
  /** The clock (ms). */
  now?: () => number;
  port?: number;
}

export interface ReceivedRequest {
  service: SefazService;
  /** The path asked for (the official address's path, under FISCAL_SEFAZ_URL). */
  path: string;
  at: number;
  /** The key the request is about (the note's, the event's, the consulted one). */
  key: string | null;
  /** The cStat answered (the note's for an authorization, the event's for an event); null when not answered. */
  cstat: number | null;
  fault: StandInFault['kind'] | null;
  /** The document inside nfeDadosMsg. */
  document: string;
  /** The answer inside nfeResultMsg (null when none was given, or it was a fault). */
  answer: string | null;
}

export interface StandInSefaz {
  /** 'https://127.0.0.1:PORT': the FISCAL_SEFAZ_URL that sends every service here. */
  url: string;
  /** The CA of the stand-in's server certificate (FISCAL_SEFAZ_CA's content). */
  caPem: string;
  caPath: string;
  received: ReceivedRequest[];
  /** How many times a key was answered 100 (a note authorized more than once is a bug). */
  authorizations(key: string): number;
  faults: {
    /** Applies `fault` to the next `times` requests (of `service`, when given). */
    next(fault: StandInFault, options?: { times?: number; service?: SefazService }): void;
    clear(): void;
  };
  close(): Promise<void>;
}

const CONTROL_PREFIX = '/__stand-in/';
/** GET: the log (without documents), as JSON. */
export const CONTROL_RECEIVED = `${CONTROL_PREFIX}received`;
/** POST {fault, times?, service?}: a fault for the next requests; DELETE: none. */
export const CONTROL_FAULTS = `${CONTROL_PREFIX}faults`;

const SERVICE_BY_NAMESPACE = new Map(
  (Object.keys(SEFAZ_SERVICES) as SefazService[]).map((s) => [`${WSDL_BASE}${SEFAZ_SERVICES[s].wsdl}`, s]),
);
const REQUEST_SCHEMA: Record<SefazService, string> = {
  authorize: SCHEMAS.enviNFe,
  consult: SCHEMAS.consSitNFe,
  event: SCHEMAS.envEventoCanc,
  inutilize: SCHEMAS.inutNFe,
  status: SCHEMAS.consStatServ,
};

/** The event's schema follows its type: 110112 (cancel by substitution) has its own. */
const requestSchema = (service: SefazService, document: string) =>
  service === 'event' && document.includes('<tpEvento>110112</tpEvento>')
    ? SCHEMAS.envEventoCancSubst
    : REQUEST_SCHEMA[service];

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startStandInSefaz(options: StandInOptions): Promise<StandInSefaz> {
  const serverCert = makeServerCertificate();
  const checker = createChecker(options.clientCaPem);
  const validate = options.validate ?? true;
  const now = options.now ?? Date.now;
  const state = createStandInState({
    now,
    csc: options.csc ?? {},
    cancelWindowMs: options.cancelWindowMs ?? 30 * 60_000,
    emissionWindowMs: options.emissionWindowMs ?? 5 * 60_000,
    checkSignature: (doc) => (validate ? checker.signature(doc) : Promise.resolve({ ok: true, output: '' })),
  });
  const pending: { fault: StandInFault; times: number; service?: SefazService }[] = [];
  const received: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();

  const takeFault = (service: SefazService) => {
    const i = pending.findIndex((p) => !p.service || p.service === service);
    if (i < 0) return null;
    const p = pending[i]!;
    if (--p.times <= 0) pending.splice(i, 1);
    return p.fault;
  };

  const soap = (res: ServerResponse, service: SefazService, answer: string) => {
    const body =
      `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body>` +
      `<nfeResultMsg xmlns="${WSDL_BASE}${SEFAZ_SERVICES[service].wsdl}">${answer}</nfeResultMsg></soap:Body></soap:Envelope>`;
    res.writeHead(200, { 'Content-Type': 'application/soap+xml; charset=utf-8' }).end(body);
  };
  const fault = (res: ServerResponse, status: number, text: string) =>
    res
      .writeHead(status, { 'Content-Type': 'application/soap+xml; charset=utf-8' })
      .end(`<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><soap:Fault><soap:Code><soap:Value>soap:Sender</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="pt-BR">${text}</soap:Text></soap:Reason></soap:Fault></soap:Body></soap:Envelope>`); // prettier-ignore

  /** For another process (Chromium runs): GET the log, POST a fault, DELETE the faults. Same mTLS. */
  function control(req: IncomingMessage, res: ServerResponse, body: string) {
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
    if (req.method === 'GET' && req.url === CONTROL_RECEIVED)
      return json(
        200,
        received.map(({ document: _d, answer: _a, ...entry }) => entry),
      );
    if (req.method === 'DELETE' && req.url === CONTROL_FAULTS) return json(200, (pending.length = 0));
    if (req.method === 'POST' && req.url === CONTROL_FAULTS) {
      const { fault: f, times, service } = JSON.parse(body) as { fault: StandInFault; times?: number; service?: SefazService }; // prettier-ignore
      pending.push({ fault: f, times: times ?? 1, service });
      return json(200, pending.length);
    }
    json(404, { error: 'desconhecido' });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    if (req.url?.startsWith(CONTROL_PREFIX)) return control(req, res, body);
    const contentType = req.headers['content-type'] ?? '';
    const dados = findElement(body, 'nfeDadosMsg');
    const ns = dados && /xmlns="([^"]+)"/.exec(dados.outer)?.[1];
    const service = ns ? SERVICE_BY_NAMESPACE.get(ns) : undefined;
    if (req.method !== 'POST' || !contentType.startsWith('application/soap+xml') || !dados || !service)
      return fault(res, 400, 'Requisição não é SOAP 1.2 com nfeDadosMsg de um serviço conhecido.');
    const action = /action="([^"]+)"/.exec(contentType)?.[1];
    if (action !== `${ns}/${SEFAZ_SERVICES[service].method}`)
      return fault(res, 400, `Ação SOAP ${action ?? '(nenhuma)'} não é a do serviço ${SEFAZ_SERVICES[service].wsdl}.`);
    const document = dados.inner;
    const entry: ReceivedRequest = {
      service,
      path: req.url ?? '',
      at: now(),
      key: keyOf(document),
      cstat: null,
      fault: null,
      document,
      answer: null,
    };
    received.push(entry);
    const f = takeFault(service);
    entry.fault = f?.kind ?? null;
    if (f?.kind === 'http')
      return void res.writeHead(f.status ?? 503, { 'Content-Type': 'text/plain' }).end('Serviço indisponível');
    if (f?.kind === 'no-answer' && !f.processFirst) return; // the socket stays open until the client gives up
    if (f?.kind === 'delay') await sleep(f.ms);
    const forced: Verdict | null =
      f?.kind === 'reject' ? { cstat: f.cstat, reason: f.reason ?? reasonOf(f.cstat) } : null;

    let handled: Handled;
    const schema = validate
      ? await checker.schema(document, requestSchema(service, document))
      : { ok: true, output: '' };
    if (!schema.ok) handled = state.schemaFailure(service, document, schema.output);
    else {
      const tls = req.socket as TLSSocket;
      const cnpj = certificateCnpj(tls.getPeerCertificate().raw);
      handled = await state.handle(service, document, { certificateCnpj: cnpj, forced });
    }
    entry.cstat = handled.cstat;
    if (f?.kind === 'no-answer') return;
    entry.answer = handled.answer;
    soap(res, service, handled.answer);
  }

  const server: Server = createServer(
    {
      key: serverCert.keyPem,
      cert: serverCert.certPem,
      ca: options.clientCaPem,
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      handle(req, res).catch((e: unknown) => {
        if (!res.headersSent) fault(res, 500, `Erro do stand-in: ${e instanceof Error ? e.message : String(e)}`);
      });
    },
  );
  server.on('secureConnection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `https://127.0.0.1:${port}`,
    caPem: serverCert.caPem,
    caPath: serverCert.caPath,
    received,
    authorizations: (key) =>
      received.filter((r) => r.service === 'authorize' && r.key === key && r.cstat === 100).length,
    faults: {
      next(fault, o = {}) {
        pending.push({ fault, times: o.times ?? 1, service: o.service });
      },
      clear() {
        pending.length = 0;
      },
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      checker.remove();
      removeServerCertificate(serverCert);
    },
  };
}

/** The key a request is about, for the log. */
function keyOf(document: string): string | null {
  return /Id="NFe([0-9A-Z]{44})"/.exec(document)?.[1] ?? childText(document, 'chNFe');
}

export { STAND_IN_VERSION };
