// What the server reads from a contingency NFC-e a till signed (contingency-notes.ts): the
// document must be the whole <NFe> as our builder and signer write it (infNFe, infNFeSupl,
// Signature; nfce-sign.ts), and the fields kept with the note are read from its ide, emit,
// dest, total and pag, and from infNFeSupl. Nothing here trusts the fields: the signature
// is checked apart (xml-dsig-verify.ts) and the caller compares them with the request.
import { NFE_NAMESPACE } from '../../shared/fiscal/nfce-xml';

export interface ContingencyXml {
  key: string;
  environment: 1 | 2;
  model: string;
  series: number;
  number: number;
  numericCode: string;
  /** dhEmi as written (with the UF's offset) and as an instant. */
  issuedAtLocal: string;
  issuedAt: Date;
  emissionType: number;
  contingencyAt: Date | null;
  contingencyReason: string | null;
  emitterCnpj: string;
  customerDocument: string | null;
  /** centavos */
  total: number;
  change: number;
  approximateTaxes: number | null;
  qrCode: string;
  urlChave: string;
}

export const NOT_AN_NFCE =
  'O XML enviado não é uma NFC-e assinada pelo Balcão (NFe com infNFe, infNFeSupl e a assinatura, nessa ordem).';

const STRUCTURE = new RegExp(
  `^<NFe xmlns="${NFE_NAMESPACE.replace(/[./]/g, '\\$&')}"><infNFe Id="NFe(\\d{44})" versao="4\\.00">(.*)</infNFe>` +
    '<infNFeSupl><qrCode>([^<]+)</qrCode><urlChave>([^<]+)</urlChave></infNFeSupl><Signature [^>]*>.*</Signature></NFe>$',
);

/** The text of the first <tag> inside `xml`, unescaped; null when absent. */
function text(xml: string, tag: string): string | null {
  const found = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1];
  return found === undefined ? null : found.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

const section = (xml: string, tag: string) => new RegExp(`<${tag}>(.*?)</${tag}>`).exec(xml)?.[1] ?? '';

/** '12.34' → 1234 centavos; null when not a decimal with two places. */
function cents(value: string | null): number | null {
  const m = value === null ? null : /^(\d{1,13})\.(\d{2})$/.exec(value);
  return m ? Number(m[1]) * 100 + Number(m[2]) : null;
}

/** The fields of the signed note, or null when it is not an NFC-e as we write it. */
export function readContingencyXml(xml: string): ContingencyXml | null {
  const m = STRUCTURE.exec(xml);
  if (!m) return null;
  const [, key, inf, qrCode, urlChave] = m as unknown as [string, string, string, string, string];
  const ide = section(inf, 'ide');
  const totals = section(inf, 'ICMSTot');
  const dest = section(inf, 'dest');
  const issuedAtLocal = text(ide, 'dhEmi');
  const contingency = text(ide, 'dhCont');
  const series = Number(text(ide, 'serie'));
  const number = Number(text(ide, 'nNF'));
  const environment = Number(text(ide, 'tpAmb'));
  const total = cents(text(totals, 'vNF'));
  const issuedAt = new Date(issuedAtLocal ?? '');
  const contingencyAt = contingency ? new Date(contingency) : null;
  if (!issuedAtLocal || Number.isNaN(issuedAt.getTime()) || (contingencyAt && Number.isNaN(contingencyAt.getTime())))
    return null;
  if (!Number.isInteger(series) || !Number.isInteger(number) || (environment !== 1 && environment !== 2)) return null;
  if (total === null) return null;
  return {
    key,
    environment,
    model: text(ide, 'mod') ?? '',
    series,
    number,
    numericCode: text(ide, 'cNF') ?? '',
    issuedAtLocal,
    issuedAt,
    emissionType: Number(text(ide, 'tpEmis')),
    contingencyAt,
    contingencyReason: text(ide, 'xJust'),
    emitterCnpj: text(section(inf, 'emit'), 'CNPJ') ?? '',
    customerDocument: text(dest, 'CPF') ?? text(dest, 'CNPJ'),
    total,
    change: cents(text(section(inf, 'pag'), 'vTroco')) ?? 0,
    approximateTaxes: cents(text(totals, 'vTotTrib')),
    qrCode: text(`<q>${qrCode}</q>`, 'q')!,
    urlChave: text(`<u>${urlChave}</u>`, 'u')!,
  };
}
