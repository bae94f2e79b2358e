// Notas Fiscais' tests (fiscal-notes-screen*.test.tsx): notes as the API answers them.
export const KEY = '35261111222333000181650010000000121000000126';

export function note(number: number, status: string, extra: Record<string, unknown> = {}) {
  return {
    id: `7b0c6f0e-1c1a-4d5e-9f00-${String(number).padStart(12, '0')}`,
    status,
    environment: 'homologacao',
    series: 1,
    number,
    key: KEY.slice(0, 34) + String(number).padStart(10, '0'),
    issued_at_local: '2026-11-29T10:05:09-03:00',
    protocol: status === 'autorizada' ? '135260000000012' : null,
    authorized_at: status === 'autorizada' ? '2026-11-29T10:05:10-03:00' : null,
    qr_code: 'https://exemplo/qr',
    url_chave: 'https://exemplo/consulta',
    customer_document: null,
    approximate_taxes: null,
    total: 45.9,
    change: 0,
    cstat: null,
    reason: null,
    sale_id: null,
    sale_number: 'A-0042',
    what_to_fix: null,
    attempts: 1,
    cancelled_at: null,
    cancel_reason: null,
    created_at: '2026-11-29T13:05:09.000Z',
    updated_at: '2026-11-29T13:05:09.000Z',
    ...extra,
  };
}

/** The key of note `number` issued in contingency (tpEmis 9 at the 35th place). */
export const contingencyKey = (number: number) => KEY.slice(0, 34) + '9' + String(number).padStart(9, '0');

export const REJECTED = note(12, 'rejeitada', {
  cstat: 778,
  reason: 'Rejeição: Informado NCM inexistente',
  what_to_fix: 'Um item tem NCM inexistente. Corrija o NCM do produto (a tabela muda) e reenvie.',
});
export const AUTHORIZED = note(11, 'autorizada');
export const detailOf = (n: Record<string, unknown>) => ({
  ...n,
  xml: `<nfeProc><NFe>${n.number}</NFe></nfeProc>`,
  events: [],
});
