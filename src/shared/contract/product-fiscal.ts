// A product's fiscal data, what its NFC-e item needs (a store in the Simples Nacional):
// NCM, CEST when it is under ST, CFOP, CSOSN, origem and the commercial unit. A value left
// empty (null) takes the store's default when a note is made; NCM has none and is required
// to emit. Typed as people write them ('6109.10.00', '28.038.00'): dots, spaces and hyphens
// are dropped and the digits kept.
import { z } from 'zod/mini';

/** CSOSN a store in the Simples Nacional puts on a sale to a consumer, with its meaning. */
export const CSOSN_OPTIONS = [
  { code: '102', label: '102 - Tributada sem permissão de crédito' },
  { code: '103', label: '103 - Isenção do ICMS para faixa de receita bruta' },
  { code: '300', label: '300 - Imune' },
  { code: '400', label: '400 - Não tributada' },
  { code: '500', label: '500 - ICMS cobrado anteriormente por ST ou antecipação' },
  { code: '900', label: '900 - Outros' },
] as const;
export type Csosn = (typeof CSOSN_OPTIONS)[number]['code'];
const CSOSN_CODES = CSOSN_OPTIONS.map((o) => o.code) as [Csosn, ...Csosn[]];

/** Origem da mercadoria (the layout's table, 0 to 8). */
export const ORIGIN_OPTIONS = [
  { code: 0, label: '0 - Nacional' },
  { code: 1, label: '1 - Estrangeira, importação direta' },
  { code: 2, label: '2 - Estrangeira, adquirida no mercado interno' },
  { code: 3, label: '3 - Nacional, conteúdo de importação acima de 40% e até 70%' },
  { code: 4, label: '4 - Nacional, produzida conforme processos produtivos básicos' },
  { code: 5, label: '5 - Nacional, conteúdo de importação até 40%' },
  { code: 6, label: '6 - Estrangeira, importação direta, sem similar nacional (CAMEX)' },
  { code: 7, label: '7 - Estrangeira, mercado interno, sem similar nacional (CAMEX)' },
  { code: 8, label: '8 - Nacional, conteúdo de importação acima de 70%' },
] as const;

/** CFOP of a sale to a consumer in the state: goods of its own, or goods whose ICMS was withheld by ST. */
export const CFOP_OPTIONS = [
  { code: '5102', label: '5102 - Venda de mercadoria adquirida de terceiros' },
  { code: '5405', label: '5405 - Venda de mercadoria com ICMS retido por substituição tributária' },
] as const;

/** What the store uses when a product leaves a field empty. */
export const FISCAL_DEFAULTS = { cfop: '5102', csosn: '102' as Csosn, origin: 0, unit: 'UN' } as const;

/** An NCM as people write it ('61091000' → '6109.10.00'). */
export const ncmText = (ncm: string | null) => (ncm ? `${ncm.slice(0, 4)}.${ncm.slice(4, 6)}.${ncm.slice(6)}` : '');
/** A CEST as people write it ('2803800' → '28.038.00'). */
export const cestText = (cest: string | null) =>
  cest ? `${cest.slice(0, 2)}.${cest.slice(2, 5)}.${cest.slice(5)}` : '';

/** The digits of a code as typed ('6109.10.00' → '61091000'); other characters stay, to be refused. */
export const fiscalDigits = (text: string) => text.replace(/[\s.-]/g, '');

/** Text as typed, or nothing (absent, null, empty). */
const Typed = z.nullish(z.string().check(z.maxLength(40, { error: 'Use no máximo 40 caracteres' })));
/** Typed text to its digits; empty is none (null). Encoded back as the digits. */
const digitsOf = (raw: string | null | undefined) => {
  const digits = fiscalDigits(raw ?? '');
  return digits === '' ? null : digits;
};

/** An optional code of `length` digits, refused with `message`. */
const digitsCode = (pattern: RegExp, message: string) =>
  z.codec(Typed, z.nullable(z.string().check(z.regex(pattern, { error: message }))), {
    decode: digitsOf,
    encode: (code) => code,
  });

export const Ncm = digitsCode(/^\d{8}$/, 'NCM: informe os 8 dígitos');
export const Cest = digitsCode(/^\d{7}$/, 'CEST: informe os 7 dígitos');
export const Cfop = digitsCode(/^5\d{3}$/, 'CFOP: use um CFOP de venda dentro do estado (5xxx), como 5102 ou 5405');

export const CsosnField = z.codec(
  Typed,
  z.nullable(z.enum(CSOSN_CODES, { error: `CSOSN: use ${CSOSN_CODES.join(', ')}` })),
  { decode: (raw) => (raw?.trim() ? raw.trim() : null) as Csosn | null, encode: (code) => code },
);

const ORIGIN_MESSAGE = 'Origem: informe um número de 0 a 8';
export const Origin = z.nullable(
  z.int({ error: ORIGIN_MESSAGE }).check(z.gte(0, { error: ORIGIN_MESSAGE }), z.lte(8, { error: ORIGIN_MESSAGE })),
);

/** uCom: up to 6 letters or digits ('UN', 'KG', 'PAR', 'CX'), upper case; empty is the store's default. */
export const CommercialUnit = z.codec(
  z.string().check(z.maxLength(6, { error: 'Unidade: máximo de 6 caracteres' })),
  z.string().check(z.regex(/^[\p{Lu}\p{Nd}]{1,6}$/u, { error: 'Unidade: só letras e números, como UN, KG ou PAR' })),
  {
    decode: (raw) => raw.trim().toUpperCase() || FISCAL_DEFAULTS.unit,
    encode: (unit) => unit,
  },
);

/** The fiscal fields as the API writes them (create and update). */
export const ProductFiscalFields = {
  ncm: Ncm,
  cest: Cest,
  cfop: Cfop,
  csosn: CsosnField,
  origin: Origin,
  unit: CommercialUnit,
};

/** The fiscal fields as the API answers them (absent from a device's mirror row written before they existed). */
export const ProductFiscalOut = {
  ncm: z._default(z.nullable(z.string()), null),
  cest: z._default(z.nullable(z.string()), null),
  cfop: z._default(z.nullable(z.string()), null),
  csosn: z._default(z.nullable(z.string()), null),
  origin: z._default(z.nullable(z.number().check(z.int())), null),
  unit: z._default(z.string(), FISCAL_DEFAULTS.unit),
};
