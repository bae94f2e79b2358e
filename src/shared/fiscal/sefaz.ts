// The official addresses of a state's NFC-e, by environment (tpAmb 1 produção, 2
// homologação): where its QR code points and which version the state asks for, the
// consulta address (urlChave, printed on the DANFE), and the web services that authorize
// its notes (the state's own, or SVRS for the states it serves).
import { NFCE_AUTHORIZERS, NFCE_STATES } from './sefaz-table.generated';
import type { Uf } from './uf';

export type Environment = 1 | 2;
export type QrVersion = 2 | 3;

export const ENVIRONMENT_LABEL: Readonly<Record<Environment, string>> = { 1: 'Produção', 2: 'Homologação' };

export interface NfceAddresses {
  qr_url: string;
  /** The version the official list gives the state in this environment (the store's default). */
  qr_version: QrVersion;
  url_chave: string;
}

export function nfceAddresses(uf: Uf, environment: Environment): NfceAddresses {
  const entry = NFCE_STATES[uf][environment];
  return { qr_url: entry.qr_url, qr_version: entry.qr_version as QrVersion, url_chave: entry.url_chave };
}

export type WebService = 'NfeAutorizacao' | 'NfeRetAutorizacao' | 'NfeInutilizacao' | 'NfeConsultaProtocolo' | 'NfeStatusServico' | 'RecepcaoEvento'; // prettier-ignore

export interface WebServiceAddress {
  url: string;
  operation: string;
  version: string;
}

/** Who authorizes the state's NFC-e ('SP', or 'SVRS'). */
export function nfceAuthorizer(uf: Uf): keyof typeof NFCE_AUTHORIZERS {
  return NFCE_STATES[uf].authorizer;
}

export function nfceWebService(uf: Uf, environment: Environment, service: WebService): WebServiceAddress {
  const services: Partial<Record<string, WebServiceAddress>> = NFCE_AUTHORIZERS[nfceAuthorizer(uf)][environment];
  const address = services[service];
  if (!address) throw new Error(`${uf}: a lista oficial não tem ${service} no ambiente ${environment}`);
  return address;
}
