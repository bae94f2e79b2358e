// A till that can issue its own NFC-e in offline contingency, for the device tests: the
// store as the fiscal view tells the till (emission on, series 3, the emitter and the
// Responsável Técnico, the IBPT rates of one NCM, the server's next number 12), products as
// the mirror keeps them, and the test A1's key kept as the till keeps it (not extractable).
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { FiscalTillViewSchema, type FiscalTillView } from '../../shared/contract/fiscal-till';
import type { makeA1 } from '../../shared/fiscal/test/a1-files';
import { TILL_KEY_ALGORITHM } from '../counter/till-key';
import type { BalcaoDb, MirrorProduct } from '../offline/db';
import { keepTillKey } from '../offline/till-key-store';
import { productJson } from './fixtures';

export const TILL_CNPJ = '11222333000181';

/** A view from a server before the till's note fields. */
export const OLDER_SERVER = {
  emission_enabled: true,
  environment: 'homologacao',
  series: 3,
  consumer_document_threshold: 1_000_000,
  emitter: null,
  products_without_ncm: { count: 0, ids: [] },
};

export const TILL_VIEW: FiscalTillView = FiscalTillViewSchema.parse({
  ...OLDER_SERVER,
  note_issuer: {
    crt: 1,
    emitter: {
      cnpj: TILL_CNPJ, legal_name: 'Loja de Teste Ltda', trade_name: null, ie: '123456789110',
      address: { street: 'Rua das Flores', number: '100', complement: null, district: 'Centro', city_code: '3550308', city_name: 'São Paulo', uf: 'SP', cep: '01001000', phone: null }, // prettier-ignore
    },
    tech_responsible: { cnpj: '11444777000161', contact: 'Equipe Balcão', email: 'fiscal@balcao.dev', phone: '11999990000' }, // prettier-ignore
    product_defaults: { cfop: '5102', csosn: '102', origin: 0 },
  },
  tax_rates: [{ ncm: '61091000', federal_national: 13.45, federal_imported: 24.8, state: 18, municipal: 0 }],
  next_number: 12,
}); // prettier-ignore

/** A product as the mirror keeps it (R$ 25,00). */
export const mirrorRow = (over: Record<string, unknown>): MirrorProduct => ({
  ...productJson(over),
  sale_price: 2500,
  cost_price: 1000,
  version: 1,
});

/** Keeps the A1's key on `db` as the till's import does; its certificate. */
export async function keepTestKey(db: BalcaoDb, a1: ReturnType<typeof makeA1>): Promise<X509Certificate> {
  const cert = new X509Certificate(a1.certPem);
  const pkcs8 = createPrivateKey(a1.keyPem).export({ type: 'pkcs8', format: 'der' });
  const key = await crypto.subtle.importKey('pkcs8', pkcs8, TILL_KEY_ALGORITHM, false, ['sign']);
  await keepTillKey(db, {
    fingerprint: cert.fingerprint256.replaceAll(':', ''), key, certificateDer: new Uint8Array(cert.raw),
    serial: cert.serialNumber, cnpj: TILL_CNPJ, notBefore: new Date(cert.validFrom).toISOString(),
    notAfter: new Date(cert.validTo).toISOString(), storedAt: Date.now(),
  }); // prettier-ignore
  return cert;
}
