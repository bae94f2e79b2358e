// What the stand-in SEFAZ remembers (the notes it authorized, their cancels, the numbers
// inutilized) and how each service answers from it. Test code: not part of the product.
import { childText, findElement } from '../../../shared/fiscal/sefaz-answers';
import { SUBSTITUTION_CANCEL_EVENT_TYPE } from '../../../shared/fiscal/sefaz-messages';
import { UF_BY_CODE } from '../../../shared/nfe-key';
import type { Uf } from '../../../shared/fiscal/uf';
import type { SefazService } from '../sefaz-client';
import { checkQr } from './stand-in-sefaz-qr';
import {
  checkNote,
  noteFacts,
  protNfe,
  reasonOf,
  retConsSit,
  retConsStatServ,
  retEnviNfe,
  retEnvEvento,
  retEvento,
  retInut,
  stamp,
  type NoteFacts,
  type Verdict,
} from './stand-in-sefaz-rules';

export interface Handled {
  /** The cStat that matters (the note's, the event's...). */
  cstat: number;
  /** The answer element (retEnviNFe...), without the SOAP envelope. */
  answer: string;
}

interface Authorized {
  facts: NoteFacts;
  nProt: string;
  at: string;
  atMs: number;
  protXml: string;
  cancel: { procEvento: string } | null;
}

export interface StandInStateOptions {
  now: () => number;
  csc: Readonly<Record<string, string>>;
  cancelWindowMs: number;
  emissionWindowMs: number;
  checkSignature: (document: string) => Promise<{ ok: boolean }>;
}

const v = (cstat: number, reason = reasonOf(cstat)): Verdict => ({ cstat, reason });
const root = (cnpj: string | null) => (cnpj ?? '').slice(0, 8);
/** NT 2018.004: a note replaced by a contingency note may be cancelled up to 168 hours after its authorization. */
const SUBSTITUTION_WINDOW_MS = 168 * 3_600_000;
/** Where the access key carries tpEmis. */
const KEY_EMISSION_TYPE_AT = 34;

export function createStandInState(o: StandInStateOptions) {
  const notes = new Map<string, Authorized>();
  const inutilized: { cnpj: string; environment: number; series: number; first: number; last: number }[] = [];
  let sequence = 0;
  const nextProt = (uf: string) => `1${uf}${String(new Date(o.now()).getUTCFullYear() % 100).padStart(2, '0')}${String(++sequence).padStart(10, '0')}`; // prettier-ignore
  const ufOf = (code: string | null): Uf => (UF_BY_CODE[code ?? ''] as Uf | undefined) ?? 'SP';
  const envOf = (doc: string) => (childText(doc, 'tpAmb') === '1' ? 1 : 2);
  const signatureVerdict = async (doc: string) => ((await o.checkSignature(doc)).ok ? null : v(297));

  async function authorize(document: string, certCnpj: string | null, forced: Verdict | null): Promise<Handled> {
    const nfe = findElement(document, 'NFe')!.outer;
    const facts = noteFacts(nfe);
    const nowMs = o.now();
    const at = stamp(nowMs, facts.uf);
    let verdict =
      forced ??
      (await signatureVerdict(document)) ??
      checkNote(nfe, { certificateCnpj: certCnpj, now: nowMs, emissionWindowMs: o.emissionWindowMs }) ??
      checkQr(nfe, facts, o.csc);
    if (!verdict) {
      const same = notes.get(facts.key);
      const sameNumber = [...notes.values()].find(
        (n) => n.facts.cnpj === facts.cnpj && n.facts.environment === facts.environment &&
          n.facts.series === facts.series && n.facts.number === facts.number,
      ); // prettier-ignore
      if (same) verdict = v(204, `Rejeição: Duplicidade de NF-e [chNFe:${same.facts.key}][nProt:${same.nProt}][dhAut:${same.at}]`);
      else if (sameNumber)
        verdict = v(539, `Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso [chNFe:${sameNumber.facts.key}][nProt:${sameNumber.nProt}][dhAut:${sameNumber.at}]`); // prettier-ignore
      else if (inutilized.some((i) => i.cnpj === facts.cnpj && i.environment === facts.environment && i.series === facts.series && facts.number >= i.first && facts.number <= i.last)) verdict = v(206); // prettier-ignore
    }
    let nProt: string | null = null;
    if (!verdict) {
      nProt = nextProt(facts.key.slice(0, 2));
      verdict = v(100);
    }
    const protXml = protNfe({
      environment: facts.environment,
      key: facts.key,
      at,
      nProt,
      digest: facts.digest,
      ...verdict,
    });
    if (nProt) notes.set(facts.key, { facts, nProt, at, atMs: nowMs, protXml, cancel: null });
    const answer = retEnviNfe({ environment: facts.environment, uf: facts.uf, at, ...v(104), inner: protXml });
    return { cstat: verdict.cstat, answer };
  }

  function consult(document: string, forced: Verdict | null): Handled {
    const key = childText(document, 'chNFe')!;
    const uf = ufOf(key.slice(0, 2));
    const note = notes.get(key);
    const base = { environment: envOf(document), uf, at: stamp(o.now(), uf), key };
    if (forced || !note) {
      const verdict = forced ?? v(217);
      return { cstat: verdict.cstat, answer: retConsSit({ ...base, ...verdict, inner: '' }) };
    }
    const verdict = note.cancel ? v(101) : v(100);
    const inner = note.protXml + (note.cancel?.procEvento ?? '');
    return { cstat: verdict.cstat, answer: retConsSit({ ...base, ...verdict, inner }) };
  }

  async function event(document: string, certCnpj: string | null, forced: Verdict | null): Promise<Handled> {
    const evento = findElement(document, 'evento')!.outer;
    const key = childText(evento, 'chNFe')!;
    const environment = envOf(evento);
    const seq = childText(evento, 'nSeqEvento')!;
    const nowMs = o.now();
    const at = stamp(nowMs, ufOf(key.slice(0, 2)));
    const note = notes.get(key);
    const type = childText(evento, 'tpEvento')!;
    const detail = findElement(evento, 'detEvento')!.inner;
    // 110112: the note that replaced it must be a contingency note the stand-in authorized.
    // The real code for that refusal is not in ../shared/nfe/cstat.json: 494 with its own text.
    const substitution = type === SUBSTITUTION_CANCEL_EVENT_TYPE;
    const replacedBy = substitution ? (childText(detail, 'chNFeRef') ?? '') : '';
    const substitute = notes.get(replacedBy);
    const window = substitution ? SUBSTITUTION_WINDOW_MS : o.cancelWindowMs;
    const verdict =
      forced ??
      (await signatureVerdict(document)) ??
      (!note ? v(494)
        : root(childText(evento, 'CNPJ')) !== root(certCnpj) ? v(213)
        : note.cancel ? v(573)
        : childText(detail, 'nProt') !== note.nProt ? v(222)
        : substitution && (!substitute || substitute.cancel || replacedBy.charAt(KEY_EMISSION_TYPE_AT) !== '9')
          ? v(494, 'Rejeição: NFC-e substituta inexistente ou não emitida em contingência')
        : nowMs - note.atMs > window ? v(220)
        : null); // prettier-ignore
    const nProt = verdict ? null : nextProt(key.slice(0, 2));
    const final = verdict ?? v(135);
    const ret = retEvento({ environment, key, type, sequence: seq, at, nProt, ...final });
    if (nProt && note) note.cancel = { procEvento: `<procEventoNFe versao="1.00">${evento}${ret}</procEventoNFe>` };
    const batchId = childText(document, 'idLote')!;
    const answer = retEnvEvento({ environment, cOrgao: key.slice(0, 2), batchId, ...v(128), inner: ret });
    return { cstat: final.cstat, answer };
  }

  async function inutilize(document: string, certCnpj: string | null, forced: Verdict | null): Promise<Handled> {
    const inf = findElement(document, 'infInut')!.inner;
    const get = (name: string) => childText(inf, name)!;
    const [cnpj, environment, series, first, last] = [get('CNPJ'), envOf(inf), Number(get('serie')), Number(get('nNFIni')), Number(get('nNFFin'))]; // prettier-ignore
    const uf = ufOf(get('cUF'));
    const used = [...notes.values()].some(
      (n) => n.facts.cnpj === cnpj && n.facts.environment === environment && n.facts.series === series &&
        n.facts.number >= first && n.facts.number <= last,
    ); // prettier-ignore
    // The MOC's order: the same range asked before (563), then a number of an earlier range (256).
    const ofSeries = inutilized.filter((i) => i.cnpj === cnpj && i.environment === environment && i.series === series); // prettier-ignore
    const same = ofSeries.some((i) => i.first === first && i.last === last);
    const overlaps = ofSeries.some((i) => i.first <= last && first <= i.last);
    const verdict =
      forced ?? (await signatureVerdict(document)) ??
      (root(cnpj) !== root(certCnpj) ? v(213) : same ? v(563) : overlaps ? v(256) : used ? v(241) : null); // prettier-ignore
    const nProt = verdict ? null : nextProt(get('cUF'));
    if (nProt) inutilized.push({ cnpj, environment, series, first, last });
    const fields = ['ano', 'CNPJ', 'mod', 'serie', 'nNFIni', 'nNFFin'].map((n) => findElement(inf, n)!.outer).join('');
    const final = verdict ?? v(102);
    return {
      cstat: final.cstat,
      answer: retInut({ environment, uf, at: stamp(o.now(), uf), nProt, fields, ...final }),
    };
  }

  function status(document: string, forced: Verdict | null): Handled {
    const uf = ufOf(childText(document, 'cUF'));
    const verdict = forced ?? v(107);
    return { cstat: verdict.cstat, answer: retConsStatServ({ environment: envOf(document), uf, at: stamp(o.now(), uf), ...verdict }) }; // prettier-ignore
  }

  return {
    handle(service: SefazService, document: string, ctx: { certificateCnpj: string | null; forced: Verdict | null }) {
      switch (service) {
        case 'authorize':
          return authorize(document, ctx.certificateCnpj, ctx.forced);
        case 'consult':
          return Promise.resolve(consult(document, ctx.forced));
        case 'event':
          return event(document, ctx.certificateCnpj, ctx.forced);
        case 'inutilize':
          return inutilize(document, ctx.certificateCnpj, ctx.forced);
        case 'status':
          return Promise.resolve(status(document, ctx.forced));
      }
    },
    /** A request that fails its schema: 225 for a batch of notes, 215 for the others. */
    schemaFailure(service: SefazService, document: string, output: string): Handled {
      const environment = envOf(document);
      const code = childText(document, 'cUF') ?? childText(document, 'cOrgao') ?? (childText(document, 'chNFe') ?? '35').slice(0, 2); // prettier-ignore
      const uf = ufOf(code);
      const at = stamp(o.now(), uf);
      const detail = output.split('\n').find((l) => l.includes('error')) ?? '';
      const verdict = v(service === 'authorize' ? 225 : 215, `${reasonOf(service === 'authorize' ? 225 : 215)} ${detail.slice(0, 150)}`.trim().slice(0, 255)); // prettier-ignore
      const answer =
        service === 'authorize' ? retEnviNfe({ environment, uf, at, ...verdict, inner: '' })
        : service === 'consult' ? retConsSit({ environment, uf, at, key: childText(document, 'chNFe') ?? '0'.repeat(44), ...verdict, inner: '' })
        : service === 'event' ? retEnvEvento({ environment, cOrgao: code, batchId: childText(document, 'idLote') ?? '0', ...verdict, inner: '' })
        : service === 'inutilize' ? retInut({ environment, uf, at, nProt: null, fields: '', ...verdict })
        : retConsStatServ({ environment, uf, at, ...verdict }); // prettier-ignore
      return { cstat: verdict.cstat, answer };
    },
  };
}
