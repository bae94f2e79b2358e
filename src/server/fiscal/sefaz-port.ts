// What the product asks of SEFAZ, whatever answers it (a state's authorizer, SVRS, or the
// stand-in the tests run on loopback): one method per web service the NFC-e uses. The
// documents passed in are signed already; the port only carries them (SOAP 1.2 over mutual
// TLS in sefaz-client.ts) and reads the answers. A call that gets no answer (network error,
// time limit, HTTP 5xx, a body that is not SOAP) throws SefazUnreachable: the caller does
// not know whether SEFAZ saw the document, and must consult before sending it again.
import type { FiscalSettings } from '../../shared/contract/fiscal-settings';
import type { Uf } from '../../shared/fiscal/uf';

export type TpAmb = 1 | 2;

export class SefazUnreachable extends Error {
  override name = 'SefazUnreachable';
  constructor(
    message: string,
    /** 'timeout', 'network', 'http' (5xx or other status), 'soap' (an answer that cannot be read). */
    readonly cause_kind: 'timeout' | 'network' | 'http' | 'soap',
  ) {
    super(message);
  }
}

/** The least a call of the queue waits (ms): nobody waits on it, and a slow SEFAZ still answers it. */
export const QUEUE_CALL_MIN_TIMEOUT_MS = 30_000;

/**
 * How long a call to SEFAZ waits for its answer (ms): every call reads it here. A person
 * waiting on it (a sale at the till, an admin's cancel, inutilização, consulta) waits the
 * store's 'Tempo de espera pela SEFAZ' (emission_timeout_seconds); the queue, which nobody
 * waits on, waits that or QUEUE_CALL_MIN_TIMEOUT_MS, the longer.
 */
export function sefazTimeoutMs(
  settings: Pick<FiscalSettings, 'emission_timeout_seconds'>,
  waiting: 'person' | 'queue' = 'person',
): number {
  const store = settings.emission_timeout_seconds * 1000;
  return waiting === 'queue' ? Math.max(store, QUEUE_CALL_MIN_TIMEOUT_MS) : store;
}

/** Where and as whom: the store's UF and environment, and its A1 for the TLS client certificate. */
export interface SefazTarget {
  uf: Uf;
  environment: TpAmb;
  keyPem: string;
  certPem: string;
  /** The A1's intermediate certificates (PEM), sent after certPem in the TLS handshake; optional. */
  chainPem?: string;
  /** Time limit of this call, ms. */
  timeoutMs: number;
}

/** A protocol SEFAZ returned (protNFe/infProt, retEvento/infEvento, retInutNFe/infInut). */
export interface SefazProtocol {
  cstat: number;
  reason: string;
  /** nProt; null when SEFAZ refused. */
  protocol: string | null;
  /** dhRecbto / dhRegEvento as SEFAZ wrote it. */
  received_at: string | null;
  /** The whole protocol element as received (protNFe, retEvento, retInutNFe), to keep beside the document. */
  xml: string;
}

export interface AuthorizationAnswer {
  /** cStat of the batch (retEnviNFe): 104 'Lote processado' when the note has its own protocol. */
  batch_cstat: number;
  batch_reason: string;
  /** The note's protocol (protNFe) when the batch was processed; null otherwise (then batch_cstat says why). */
  note: SefazProtocol | null;
}

export interface ConsultAnswer {
  /** 100 authorized, 101/151 cancelled, 110/301/302 denied, 217 'NF-e não consta na base', others. */
  cstat: number;
  reason: string;
  /** protNFe of the authorization when SEFAZ has one. */
  authorization: SefazProtocol | null;
  /** Events registered for the note (procEventoNFe/retEvento), e.g. its cancel. */
  events: SefazProtocol[];
}

export interface SefazPort {
  /** NFeAutorizacao4, enviNFe with indSinc 1 and the one signed <NFe>. */
  authorize(target: SefazTarget, signedNfe: string, batchId: string): Promise<AuthorizationAnswer>;
  /** NFeConsultaProtocolo4 by access key. */
  consult(target: SefazTarget, key: string): Promise<ConsultAnswer>;
  /** NFeRecepcaoEvento4 with one signed <evento> (cancel 110111, substitution 110112). */
  sendEvent(target: SefazTarget, signedEvent: string, batchId: string): Promise<SefazProtocol>;
  /** NFeInutilizacao4 with one signed <inutNFe>. */
  inutilize(target: SefazTarget, signedInutilization: string): Promise<SefazProtocol>;
  /** NFeStatusServico4. */
  status(target: SefazTarget): Promise<{ cstat: number; reason: string }>;
}
