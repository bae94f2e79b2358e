// A SefazPort for the tests of 'Notas Fiscais' (test code, not the stand-in SEFAZ): it
// answers events and inutilizações as SEFAZ would, with protocol elements shaped as the
// official schemas want (retEvento, retInutNFe), keeps every signed document it was given,
// and takes a script of what to answer next (a code and reason, or silence). It also makes
// the protNFe of a note a fixture stores as authorized.
import type { SefazPort, SefazProtocol, SefazTarget } from '../sefaz-port';
import { SefazUnreachable } from '../sefaz-port';

export type Scripted = { cstat: number; reason: string } | 'silent';

const CANCEL_REASONS: Readonly<Record<number, string>> = {
  135: 'Evento registrado e vinculado a NF-e',
  136: 'Evento registrado, mas não vinculado a NF-e',
  155: 'Cancelamento homologado fora de prazo',
};

const tagOf = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? '';

/** An instant as SEFAZ writes it (AAAA-MM-DDThh:mm:ss-03:00). */
export function sefazTime(at: Date): string {
  return new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 19) + '-03:00';
}

let protocols = 0;
/** A fresh nProt (15 digits): cUF 35, year, sequence. */
export function nextProtocol(): string {
  protocols++;
  return `135${new Date().getUTCFullYear() % 100}${String(Date.now() % 1e6).padStart(6, '0')}${String(protocols).padStart(4, '0')}`.slice(
    0,
    15,
  );
}

/** The protNFe SEFAZ returns for an authorized note (signed `<NFe>`), received at `at`. */
export function protNFeOf(signedNfe: string, at: Date, protocol = nextProtocol()): SefazProtocol {
  const key = /Id="NFe(\d{44})"/.exec(signedNfe)![1]!;
  const tpAmb = tagOf(signedNfe, 'tpAmb');
  const received = sefazTime(at);
  const xml =
    `<protNFe versao="4.00"><infProt><tpAmb>${tpAmb}</tpAmb><verAplic>SP_NFCE_PL_009_V400</verAplic>` +
    `<chNFe>${key}</chNFe><dhRecbto>${received}</dhRecbto><nProt>${protocol}</nProt>` +
    `<digVal>${tagOf(signedNfe, 'DigestValue')}</digVal><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>`;
  return { cstat: 100, reason: 'Autorizado o uso da NF-e', protocol, received_at: received, xml };
}

export interface ScriptedSefazEvents extends SefazPort {
  /** What the next calls of each kind answer, in order; then the default (registered). */
  script: { events: Scripted[]; inutilizations: Scripted[] };
  /** The signed documents received, in order. */
  received: { kind: 'event' | 'inutilization'; xml: string; target: SefazTarget }[];
}

export function scriptedSefazEvents(): ScriptedSefazEvents {
  const script: ScriptedSefazEvents['script'] = { events: [], inutilizations: [] };
  const received: ScriptedSefazEvents['received'] = [];
  const unused = (name: string) => () => Promise.reject(new Error(`scripted-sefaz-events: ${name} não é usado aqui`));
  return {
    script,
    received,
    authorize: unused('authorize'),
    consult: unused('consult'),
    status: unused('status'),
    async sendEvent(target, signedEvent) {
      received.push({ kind: 'event', xml: signedEvent, target });
      const next = script.events.shift() ?? { cstat: 135, reason: CANCEL_REASONS[135]! };
      if (next === 'silent') throw new SefazUnreachable('sem resposta (roteiro do teste)', 'timeout');
      const registered = next.cstat in CANCEL_REASONS;
      const at = sefazTime(new Date());
      const protocol = registered ? nextProtocol() : null;
      const xml =
        `<retEvento versao="1.00"><infEvento><tpAmb>${target.environment}</tpAmb><verAplic>SP_EVENTOS_PL_100</verAplic>` +
        `<cOrgao>${tagOf(signedEvent, 'cOrgao')}</cOrgao><cStat>${next.cstat}</cStat><xMotivo>${next.reason}</xMotivo>` +
        `<chNFe>${tagOf(signedEvent, 'chNFe')}</chNFe><tpEvento>110111</tpEvento><xEvento>Cancelamento registrado</xEvento>` +
        `<nSeqEvento>${tagOf(signedEvent, 'nSeqEvento')}</nSeqEvento><dhRegEvento>${at}</dhRegEvento>` +
        `${protocol ? `<nProt>${protocol}</nProt>` : ''}</infEvento></retEvento>`;
      return { cstat: next.cstat, reason: next.reason, protocol, received_at: at, xml };
    },
    async inutilize(target, signed) {
      received.push({ kind: 'inutilization', xml: signed, target });
      const next = script.inutilizations.shift() ?? { cstat: 102, reason: 'Inutilização de número homologado' };
      if (next === 'silent') throw new SefazUnreachable('sem resposta (roteiro do teste)', 'timeout');
      const at = sefazTime(new Date());
      const protocol = next.cstat === 102 ? nextProtocol() : null;
      const fields = ['cUF', 'ano', 'CNPJ', 'mod', 'serie', 'nNFIni', 'nNFFin'].map(
        (n) => `<${n}>${tagOf(signed, n)}</${n}>`,
      );
      const xml =
        `<retInutNFe versao="4.00"><infInut><tpAmb>${target.environment}</tpAmb><verAplic>SP_NFCE_PL_009_V400</verAplic>` +
        `<cStat>${next.cstat}</cStat><xMotivo>${next.reason}</xMotivo>${fields.join('')}` +
        `<dhRecbto>${at}</dhRecbto>${protocol ? `<nProt>${protocol}</nProt>` : ''}</infInut></retInutNFe>`;
      return { cstat: next.cstat, reason: next.reason, protocol, received_at: at, xml };
    },
  };
}
