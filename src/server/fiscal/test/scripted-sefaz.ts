// A SefazPort for the emission's tests: it records every call and answers by a script, and
// remembers what it authorized as SEFAZ would (a consulta of a key it authorized answers
// 100 with that protocol; of one it never received, 217). Steps of authorize:
//   authorize: 100 with a protocol; reject: the cStat and xMotivo given;
//   duplicate: SEFAZ had authorized this number before (kept so), answers 204 or 539;
//   lost: received and authorized, but the answer never arrives (SefazUnreachable);
//   unreachable: never reaches SEFAZ (SefazUnreachable); down: batch 108, not received;
//   slow: waits `ms` first, then the step `then` (default authorize).
// Steps of consult: state (what it remembers) or unreachable. When a script runs out,
// authorize authorizes and consult answers the state. The lead runs the same flows against
// the HTTPS stand-in (helper `sefaz`).
import {
  SefazUnreachable,
  type AuthorizationAnswer,
  type ConsultAnswer,
  type SefazPort,
  type SefazProtocol,
  type SefazTarget,
} from '../sefaz-port';

export type AuthorizeStep =
  | { kind: 'authorize' }
  | { kind: 'reject'; cstat: number; reason: string }
  | { kind: 'duplicate'; cstat?: 204 | 539 }
  | { kind: 'lost' }
  | { kind: 'unreachable' }
  | { kind: 'down' }
  | { kind: 'slow'; ms: number; then?: AuthorizeStep };

export type ConsultStep = { kind: 'state' } | { kind: 'unreachable' };

export interface SefazCall {
  op: 'authorize' | 'consult';
  key: string;
  target: SefazTarget;
  /** The signed <NFe> sent (authorize). */
  xml?: string;
  at: number;
}

export interface ScriptedSefaz {
  port: SefazPort;
  calls: SefazCall[];
  /** Keys it authorized, with their protocol. */
  authorized: Map<string, SefazProtocol>;
  /** Adds steps to the scripts. */
  script(steps: { authorize?: AuthorizeStep[]; consult?: ConsultStep[] }): void;
  /** The calls of one key, in order ('authorize' / 'consult'). */
  opsOf(key: string): string[];
}

const keyOf = (xml: string) => /Id="NFe(\d{44})"/.exec(xml)?.[1] ?? '';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let protocolSeq = 0;

function protocolFor(key: string, target: SefazTarget, cstat: number, reason: string, xml: string): SefazProtocol {
  const digest = /<DigestValue>([^<]+)<\/DigestValue>/.exec(xml)?.[1] ?? '';
  const nProt = cstat === 100 ? `13526${String(++protocolSeq).padStart(10, '0')}` : null;
  const received = new Date().toISOString().slice(0, 19) + '-03:00';
  const infProt =
    `<infProt><tpAmb>${target.environment}</tpAmb><verAplic>SCRIPTED</verAplic><chNFe>${key}</chNFe>` +
    `<dhRecbto>${received}</dhRecbto>${nProt ? `<nProt>${nProt}</nProt>` : ''}<digVal>${digest}</digVal>` +
    `<cStat>${cstat}</cStat><xMotivo>${reason}</xMotivo></infProt>`;
  return {
    cstat,
    reason,
    protocol: nProt,
    received_at: received,
    xml: `<protNFe versao="4.00">${infProt}</protNFe>`,
  };
}

export function scriptedSefaz(initial: { authorize?: AuthorizeStep[]; consult?: ConsultStep[] } = {}): ScriptedSefaz {
  const authorizeSteps: AuthorizeStep[] = [...(initial.authorize ?? [])];
  const consultSteps: ConsultStep[] = [...(initial.consult ?? [])];
  const calls: SefazCall[] = [];
  const authorized = new Map<string, SefazProtocol>();

  const authorizeNow = (target: SefazTarget, key: string, xml: string) => {
    const protocol = authorized.get(key) ?? protocolFor(key, target, 100, 'Autorizado o uso da NF-e', xml);
    authorized.set(key, protocol);
    return protocol;
  };

  async function run(step: AuthorizeStep, target: SefazTarget, key: string, xml: string): Promise<AuthorizationAnswer> {
    const batch = (note: SefazProtocol | null, cstat = 104, reason = 'Lote processado') => ({
      batch_cstat: cstat,
      batch_reason: reason,
      note,
    });
    switch (step.kind) {
      case 'authorize':
        return batch(authorizeNow(target, key, xml));
      case 'reject':
        return batch(protocolFor(key, target, step.cstat, step.reason, xml));
      case 'duplicate': {
        authorizeNow(target, key, xml);
        const cstat = step.cstat ?? 204;
        return batch(protocolFor(key, target, cstat, `Rejeicao: Duplicidade de NF-e [nRec:${key.slice(-15)}]`, xml));
      }
      case 'lost':
        authorizeNow(target, key, xml);
        throw new SefazUnreachable('Sem resposta da SEFAZ (teste)', 'timeout');
      case 'unreachable':
        throw new SefazUnreachable('SEFAZ inalcançável (teste)', 'network');
      case 'down':
        return batch(null, 108, 'Servico Paralisado Momentaneamente (curto prazo)');
      case 'slow':
        await sleep(step.ms);
        return run(step.then ?? { kind: 'authorize' }, target, key, xml);
    }
  }

  const port: SefazPort = {
    async authorize(target, signedNfe) {
      const key = keyOf(signedNfe);
      calls.push({ op: 'authorize', key, target, xml: signedNfe, at: Date.now() });
      if (!signedNfe.includes('<Signature')) throw new Error('NF-e sem assinatura');
      return run(authorizeSteps.shift() ?? { kind: 'authorize' }, target, key, signedNfe);
    },
    async consult(target, key): Promise<ConsultAnswer> {
      calls.push({ op: 'consult', key, target, at: Date.now() });
      const step = consultSteps.shift() ?? { kind: 'state' };
      if (step.kind === 'unreachable') throw new SefazUnreachable('SEFAZ inalcançável (teste)', 'network');
      const found = authorized.get(key);
      return found
        ? { cstat: 100, reason: 'Autorizado o uso da NF-e', authorization: found, events: [] }
        : {
            cstat: 217,
            reason: 'Rejeicao: NF-e nao consta na base de dados da SEFAZ',
            authorization: null,
            events: [],
          };
    },
    sendEvent: () => Promise.reject(new Error('não usado na emissão')),
    inutilize: () => Promise.reject(new Error('não usado na emissão')),
    status: async () => ({ cstat: 107, reason: 'Servico em Operacao' }),
  };
  return {
    port,
    calls,
    authorized,
    script(steps) {
      authorizeSteps.push(...(steps.authorize ?? []));
      consultSteps.push(...(steps.consult ?? []));
    },
    opsOf: (key) => calls.filter((c) => c.key === key).map((c) => c.op),
  };
}
