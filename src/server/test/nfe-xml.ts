// NF-e XML documents written for the tests, shaped like the ones suppliers send (layout
// 4.00): nfeProc with protNFe or a bare NFe, the namespace by default or with a prefix,
// a Signature block or not, any number of lines, duplicatas or none. Values are exact:
// the totals are sums of integer centavos.
import { buildNfeKey } from '../../shared/nfe-key';

export interface NfeXmlLine {
  code: string;
  ean?: string;
  description: string;
  unit?: string;
  quantity: string;
  unit_cost: string;
  total_cents: number;
  tax_unit?: string;
  tax_quantity?: string;
  tax_unit_cost?: string;
  ean_tax?: string;
  /** What the item costs beyond vProd, in centavos (none by default). */
  ipi_cents?: number;
  st_cents?: number;
  fcp_st_cents?: number;
  freight_cents?: number;
  insurance_cents?: number;
  other_cents?: number;
  discount_cents?: number;
  /** NCM ('21069090' by default), CEST (none by default) and the ICMS group's orig ('0' by default). */
  ncm?: string;
  cest?: string;
  orig?: string;
}

/** pag/detPag: tPag, vPag, indPag ('0' à vista, '1' a prazo) and xPag when given. */
export interface NfeXmlPayment {
  form: string;
  amount_cents: number;
  term?: '0' | '1';
  description?: string;
}

export interface NfeXmlOptions {
  /** nfeProc with protNFe (default) or a bare NFe. */
  protocol?: boolean;
  /** Namespace prefix ('nfe'), or none: the default namespace. */
  prefix?: string;
  signature?: boolean;
  number?: number;
  series?: number;
  model?: string;
  lines?: NfeXmlLine[];
  duplicatas?: { number: string; due_date: string; amount_cents: number }[];
  supplier_cnpj?: string;
  /** dest/CNPJ: the store the note is addressed to. */
  recipient_cnpj?: string;
  /** dest/CPF instead of a CNPJ: a note addressed to a person. */
  recipient_cpf?: string;
  /** pag/detPag; absent: one payment of the total, '90' (sem pagamento) as many suppliers write. */
  payments?: NfeXmlPayment[];
  /** Extra centavos in vNF beyond the lines (freight). */
  freight_cents?: number;
}

const reais = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export const DEFAULT_LINES: NfeXmlLine[] = [
  {
    code: 'A1',
    ean: '7894900011517',
    description: 'REFRIGERANTE COLA 2L',
    quantity: '6.0000',
    unit_cost: '7.4900000000',
    total_cents: 4494,
  },
  {
    code: 'B2',
    ean: 'SEM GTIN',
    description: 'PAO DE QUEIJO CONGELADO KG',
    unit: 'KG',
    quantity: '1.2500',
    unit_cost: '32.0000000000',
    total_cents: 4000,
  },
];

/** `count` lines with varied quantities and costs (their totals are exact). */
export function manyLines(count: number): NfeXmlLine[] {
  return Array.from({ length: count }, (_, i) => {
    const units = (i % 12) + 1;
    const unitCents = 99 + ((i * 7919) % 50_000);
    return {
      code: `P${String(i + 1).padStart(5, '0')}`,
      ean: i % 3 === 0 ? 'SEM GTIN' : undefined,
      description: `PRODUTO DE TESTE ${i + 1}`,
      quantity: `${units}.0000`,
      unit_cost: `${reais(unitCents)}00000000`,
      total_cents: units * unitCents,
    };
  });
}

export function nfeXml(options: NfeXmlOptions = {}): { xml: string; key: string } {
  const {
    protocol = true,
    prefix,
    signature = protocol,
    number = 321,
    series = 1,
    model = '55',
    lines = DEFAULT_LINES,
    duplicatas = [],
    supplier_cnpj = '11222333000181',
    recipient_cnpj = '33445566000186',
    recipient_cpf,
    freight_cents = 0,
  } = options;
  const key = buildNfeKey({
    uf_code: '35',
    year_month: '2611',
    issuer_document: supplier_cnpj,
    model,
    series,
    number,
    numeric_code: '13572468',
  });
  const p = prefix ? `${prefix}:` : '';
  const ns = prefix
    ? `xmlns:${prefix}="http://www.portalfiscal.inf.br/nfe"`
    : 'xmlns="http://www.portalfiscal.inf.br/nfe"';
  const el = (name: string, body: string, attrs = '') => `<${p}${name}${attrs}>${body}</${p}${name}>`;
  const productsCents = lines.reduce((sum, l) => sum + l.total_cents, 0);
  const sum = (pick: (l: NfeXmlLine) => number | undefined) => lines.reduce((total, l) => total + (pick(l) ?? 0), 0);
  const extras = {
    st: sum((l) => l.st_cents),
    fcpSt: sum((l) => l.fcp_st_cents),
    ipi: sum((l) => l.ipi_cents),
    freight: sum((l) => l.freight_cents) + freight_cents,
    insurance: sum((l) => l.insurance_cents),
    other: sum((l) => l.other_cents),
    discount: sum((l) => l.discount_cents),
  };
  const totalCents =
    productsCents +
    extras.st +
    extras.fcpSt +
    extras.ipi +
    extras.freight +
    extras.insurance +
    extras.other -
    extras.discount;
  const optional = (name: string, cents: number | undefined) => (cents ? el(name, reais(cents)) : '');
  const icms = (l: NfeXmlLine) =>
    l.st_cents || l.fcp_st_cents
      ? el(
          'ICMS10',
          el('orig', l.orig ?? '0') +
            el('CST', '10') +
            el('modBC', '3') +
            el('vBC', reais(l.total_cents)) +
            el('pICMS', '18.00') +
            el('vICMS', reais(Math.round(l.total_cents * 0.18))) +
            el('modBCST', '4') +
            el('vBCST', reais(l.total_cents)) +
            el('pICMSST', '18.00') +
            el('vICMSST', reais(l.st_cents ?? 0)) +
            optional('vFCPST', l.fcp_st_cents),
        )
      : el('ICMSSN102', el('orig', l.orig ?? '0') + el('CSOSN', '102'));
  const ipi = (l: NfeXmlLine) =>
    l.ipi_cents
      ? el(
          'IPI',
          el('cEnq', '999') +
            el('IPITrib', el('CST', '50') + el('vBC', reais(l.total_cents)) + el('vIPI', reais(l.ipi_cents))),
        )
      : '';

  const dets = lines
    .map((l, i) =>
      el(
        'det',
        el(
          'prod',
          el('cProd', l.code) +
            el('cEAN', l.ean ?? 'SEM GTIN') +
            el('xProd', l.description) +
            el('NCM', l.ncm ?? '21069090') +
            (l.cest ? el('CEST', l.cest) : '') +
            el('CFOP', '5102') +
            el('uCom', l.unit ?? 'UN') +
            el('qCom', l.quantity) +
            el('vUnCom', l.unit_cost) +
            el('vProd', reais(l.total_cents)) +
            el('cEANTrib', l.ean_tax ?? l.ean ?? 'SEM GTIN') +
            el('uTrib', l.tax_unit ?? l.unit ?? 'UN') +
            el('qTrib', l.tax_quantity ?? l.quantity) +
            el('vUnTrib', l.tax_unit_cost ?? l.unit_cost) +
            optional('vFrete', l.freight_cents) +
            optional('vSeg', l.insurance_cents) +
            optional('vDesc', l.discount_cents) +
            optional('vOutro', l.other_cents) +
            el('indTot', '1'),
        ) + el('imposto', el('ICMS', icms(l)) + ipi(l)),
        ` nItem="${i + 1}"`,
      ),
    )
    .join('\n');
  const cobr = duplicatas.length
    ? el(
        'cobr',
        duplicatas
          .map((d) => el('dup', el('nDup', d.number) + el('dVenc', d.due_date) + el('vDup', reais(d.amount_cents))))
          .join(''),
      )
    : '';
  const infNFe = el(
    'infNFe',
    el(
      'ide',
      el('cUF', '35') +
        el('cNF', '13572468') +
        el('mod', model) +
        el('serie', String(series)) +
        el('nNF', String(number)) +
        el('dhEmi', '2026-11-25T09:30:00-03:00'),
    ) +
      el('emit', el('CNPJ', supplier_cnpj) + el('xNome', 'Fornecedor de Testes Ltda')) +
      el('dest', (recipient_cpf ? el('CPF', recipient_cpf) : el('CNPJ', recipient_cnpj)) + el('xNome', 'Loja Demo')) +
      dets +
      el(
        'total',
        el(
          'ICMSTot',
          el('vST', reais(extras.st)) +
            el('vFCPST', reais(extras.fcpSt)) +
            el('vProd', reais(productsCents)) +
            el('vFrete', reais(extras.freight)) +
            el('vSeg', reais(extras.insurance)) +
            el('vDesc', reais(extras.discount)) +
            el('vIPI', reais(extras.ipi)) +
            el('vOutro', reais(extras.other)) +
            el('vNF', reais(totalCents)),
        ),
      ) +
      cobr +
      el(
        'pag',
        (options.payments ?? [{ form: '90', amount_cents: 0 }])
          .map((p) =>
            el(
              'detPag',
              (p.term ? el('indPag', p.term) : '') +
                el('tPag', p.form) +
                (p.description ? el('xPag', p.description) : '') +
                el('vPag', reais(p.amount_cents)),
            ),
          )
          .join(''),
      ),
    ` Id="NFe${key}" versao="4.00"`,
  );
  const sig = signature
    ? `<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo><Reference URI="#NFe${key}"><DigestValue>abc=</DigestValue></Reference></SignedInfo><SignatureValue>def=</SignatureValue></Signature>`
    : '';
  const nfe = `<${p}NFe ${ns}>${infNFe}${sig}</${p}NFe>`;
  const body = protocol
    ? `<${p}nfeProc ${ns} versao="4.00">${nfe}` +
      el(
        'protNFe',
        el(
          'infProt',
          el('chNFe', key) +
            el('dhRecbto', '2026-11-25T09:30:09-03:00') +
            el('nProt', '135260000000001') +
            el('cStat', '100') +
            el('xMotivo', 'Autorizado o uso da NF-e'),
        ),
        ' versao="4.00"',
      ) +
      `</${p}nfeProc>`
    : nfe;
  return { xml: `<?xml version="1.0" encoding="UTF-8"?>\n${body}`, key };
}
