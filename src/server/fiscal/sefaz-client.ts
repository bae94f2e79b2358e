// The SefazPort over the wire: SOAP 1.2 over HTTPS with the store's A1 as the client
// certificate (mutual TLS), to the addresses of the official list (src/shared/fiscal/sefaz.ts)
// for the store's UF and environment. SEFAZ's servers are trusted through Node's default
// roots plus the ICP-Brasil roots bundled here plus an extra CA file (FISCAL_SEFAZ_CA);
// FISCAL_SEFAZ_URL replaces the origin of every address (tests, a store's own rig).
// No answer within the target's time limit, a network error, an HTTP status other than
// 2xx, or a body that cannot be read: SefazUnreachable (the caller consults before resending).
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { createSecureContext, rootCertificates } from 'node:tls';
import {
  readRetConsSit,
  readRetConsStatServ,
  readRetEnviNfe,
  readRetEnvEvento,
  readRetInut,
  SefazAnswerError,
} from '../../shared/fiscal/sefaz-answers';
import { buildConsSit, buildConsStatServ, buildEnviNfe, wrapEvents } from '../../shared/fiscal/sefaz-messages';
import { nfceWebService, type WebService } from '../../shared/fiscal/sefaz';
import type { Env } from '../env';
import { ICP_BRASIL_ROOTS } from './icp-brasil-roots';
import { SefazUnreachable, type SefazPort, type SefazTarget } from './sefaz-port';

/** Each web service: its entry in the official list, its WSDL namespace and the SOAP action's method. */
export const SEFAZ_SERVICES = {
  authorize: { table: 'NfeAutorizacao', wsdl: 'NFeAutorizacao4', method: 'nfeAutorizacaoLote' },
  consult: { table: 'NfeConsultaProtocolo', wsdl: 'NFeConsultaProtocolo4', method: 'nfeConsultaNF' },
  event: { table: 'RecepcaoEvento', wsdl: 'NFeRecepcaoEvento4', method: 'nfeRecepcaoEvento' },
  inutilize: { table: 'NfeInutilizacao', wsdl: 'NFeInutilizacao4', method: 'nfeInutilizacaoNF' },
  status: { table: 'NfeStatusServico', wsdl: 'NFeStatusServico4', method: 'nfeStatusServicoNF' },
} as const satisfies Record<string, { table: WebService; wsdl: string; method: string }>;
export type SefazService = keyof typeof SEFAZ_SERVICES;

export const WSDL_BASE = 'http://www.portalfiscal.inf.br/nfe/wsdl/';
export const SOAP12_NAMESPACE = 'http://www.w3.org/2003/05/soap-envelope';

export interface SefazClientOptions {
  /** Replaces the origin of every official address ('https://127.0.0.1:8443'); its path, if any, goes before theirs. */
  baseUrl?: string;
  /** More certificates to trust (PEM), beside Node's roots and ICP-Brasil's. */
  extraCaPem?: string;
}

export interface SefazClient extends SefazPort {
  /** Closes the kept-alive connections. */
  close(): void;
}

/** The SOAP 1.2 envelope of a request: the document inside nfeDadosMsg, in the service's WSDL namespace. */
export function soapEnvelope(service: SefazService, document: string): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?><soap12:Envelope xmlns:soap12="${SOAP12_NAMESPACE}"><soap12:Body>` +
    `<nfeDadosMsg xmlns="${WSDL_BASE}${SEFAZ_SERVICES[service].wsdl}">${document}</nfeDadosMsg></soap12:Body></soap12:Envelope>`
  );
}

export function soapContentType(service: SefazService): string {
  const s = SEFAZ_SERVICES[service];
  return `application/soap+xml; charset=utf-8; action="${WSDL_BASE}${s.wsdl}/${s.method}"`;
}

/** Where a service of the target is: the official address, with its origin replaced by `baseUrl`. */
export function serviceUrl(
  target: Pick<SefazTarget, 'uf' | 'environment'>,
  service: SefazService,
  baseUrl?: string,
): URL {
  const official = new URL(nfceWebService(target.uf, target.environment, SEFAZ_SERVICES[service].table).url);
  if (!baseUrl) return official;
  const base = new URL(baseUrl);
  return new URL(`${base.pathname.replace(/\/$/, '')}${official.pathname}${official.search}`, base.origin);
}

/** Node's roots, the bundled ICP-Brasil roots and the extra ones. */
export function trustedCertificates(extraCaPem?: string): string[] {
  return [...rootCertificates, ...ICP_BRASIL_ROOTS.map((r) => r.pem), ...(extraCaPem ? [extraCaPem] : [])];
}

/** The client's options from the environment (FISCAL_SEFAZ_URL, FISCAL_SEFAZ_CA read from its file). */
export function sefazClientOptionsFromEnv(env: Pick<Env, 'FISCAL_SEFAZ_URL' | 'FISCAL_SEFAZ_CA'>): SefazClientOptions {
  let extraCaPem: string | undefined;
  if (env.FISCAL_SEFAZ_CA) {
    try {
      extraCaPem = readFileSync(env.FISCAL_SEFAZ_CA, 'utf8');
      new X509Certificate(extraCaPem);
    } catch {
      throw new Error(`FISCAL_SEFAZ_CA: ${env.FISCAL_SEFAZ_CA} não pôde ser lido como certificado PEM.`);
    }
  }
  return { baseUrl: env.FISCAL_SEFAZ_URL, extraCaPem };
}

export function createSefazClient(options: SefazClientOptions = {}): SefazClient {
  const ca = trustedCertificates(options.extraCaPem);
  const agents = new Map<string, Agent>();
  const agentFor = (target: SefazTarget) => {
    const cert = target.chainPem ? `${target.certPem.trim()}\n${target.chainPem.trim()}\n` : target.certPem;
    const id = createHash('sha256').update(target.keyPem).update('\0').update(cert).digest('hex');
    let agent = agents.get(id);
    if (!agent) {
      // The TLS material made once into a context: given as key/cert/ca, Node would join
      // every trusted root (~220 KB of PEM) into the pool's name several times per request
      // (https.Agent getName, ~3 ms each on a loaded 2-core machine) and parse them again
      // for each new connection.
      const secureContext = createSecureContext({ key: target.keyPem, cert, ca });
      agent = new Agent({ keepAlive: true, maxSockets: 8, secureContext });
      agents.set(id, agent);
    }
    return agent;
  };

  function call(target: SefazTarget, service: SefazService, document: string): Promise<string> {
    const url = serviceUrl(target, service, options.baseUrl);
    const body = Buffer.from(soapEnvelope(service, document), 'utf8');
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = (error: SefazUnreachable | null, text?: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error) reject(error);
        else resolve(text!);
      };
      const req = request(url, {
        method: 'POST',
        agent: agentFor(target),
        headers: { 'Content-Type': soapContentType(service), 'Content-Length': body.length },
      });
      const timer = setTimeout(() => {
        finish(new SefazUnreachable(`A SEFAZ não respondeu em ${target.timeoutMs} ms (${url.host}).`, 'timeout'));
        req.destroy();
      }, target.timeoutMs);
      req.on('error', (e) =>
        finish(new SefazUnreachable(`Sem conexão com a SEFAZ (${url.host}): ${e.message}`, 'network')),
      );
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (e) => finish(new SefazUnreachable(`Resposta da SEFAZ interrompida: ${e.message}`, 'network')));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status < 200 || status > 299)
            finish(new SefazUnreachable(`A SEFAZ respondeu HTTP ${status} (${url.host}).`, 'http'));
          else finish(null, Buffer.concat(chunks).toString('utf8'));
        });
      });
      req.end(body);
    });
  }

  async function exchange<T>(target: SefazTarget, service: SefazService, document: string, read: (b: string) => T) {
    const answer = await call(target, service, document);
    try {
      return read(answer);
    } catch (e) {
      if (e instanceof SefazAnswerError) throw new SefazUnreachable(`Resposta ilegível da SEFAZ: ${e.message}`, 'soap');
      throw e;
    }
  }

  return {
    async authorize(target, signedNfe, batchId) {
      const r = await exchange(target, 'authorize', buildEnviNfe(signedNfe, batchId), readRetEnviNfe);
      return { batch_cstat: r.batch.cstat, batch_reason: r.batch.reason, note: r.note };
    },
    consult(target, key) {
      return exchange(target, 'consult', buildConsSit(key, target.environment), readRetConsSit);
    },
    async sendEvent(target, signedEvent, batchId) {
      const r = await exchange(target, 'event', wrapEvents([signedEvent], batchId), readRetEnvEvento);
      // A batch refused whole (schema, certificate) has no retEvento: its own cStat answers.
      return r.event ?? { ...r.batch, protocol: null, received_at: null, xml: '' };
    },
    inutilize(target, signedInutilization) {
      return exchange(target, 'inutilize', signedInutilization, readRetInut);
    },
    status(target) {
      return exchange(target, 'status', buildConsStatServ(target.uf, target.environment), readRetConsStatServ);
    },
    close() {
      for (const agent of agents.values()) agent.destroy();
      agents.clear();
    },
  };
}
