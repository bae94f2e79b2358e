// What a till needs to emit (GET /api/fiscal/till/{device id}, anyone signed in): emission
// on or off, the environment, the till's own series, the value from which the consumer's
// CPF/CNPJ is required, the emitter's public data every DANFE prints, the contingency
// settings (electronic custody, the deadline in hours), the products that cannot go on a
// note yet (no NCM), and the contingency key (certificate) the till is registered as
// holding, so that it drops one an admin removed; and what the till needs to make a note
// itself in offline contingency: the store as the note writes it (note_issuer), the IBPT
// rates of the NCMs its products have, and the next number of the till's series. Never the
// CSC nor the server's certificate: those stay here (so the till's QR Code is v3).
import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type {
  DanfeEmitter,
  FiscalEmitter,
  FiscalSettings,
  FiscalTillView,
  TillNoteIssuer,
} from '../../shared/contract';
import { formatCep } from '../../shared/documents';
import type { DbOrTx } from '../db/client';
import { devices, fiscalSeries, products } from '../db/schema';
import { readFiscalSettings } from './fiscal-settings';
import type { TaxRatesLookup } from './tax-rates';
import { taxRatesFor } from './ibpt-table';
import { tillKeyInForce } from './till-keys';

/** How many ids of products without NCM the answer lists (the count is all of them). */
export const WITHOUT_NCM_IDS_MAX = 500;

/** The emitter's address on one line, as the DANFE prints it. */
export function danfeEmitterOf(emitter: FiscalEmitter): DanfeEmitter {
  const a = emitter.address;
  const street = [a.street, a.number, a.complement].filter(Boolean).join(', ');
  return {
    legal_name: emitter.legal_name,
    trade_name: emitter.trade_name,
    cnpj: emitter.cnpj,
    ie: emitter.ie,
    address: `${street} - ${a.district} - ${a.city_name}/${a.uf} - CEP ${formatCep(a.cep)}`,
  };
}

/** The store as a note the till makes offline writes it; null without the emitter or the Responsável Técnico. */
export function tillNoteIssuerOf(settings: FiscalSettings): TillNoteIssuer | null {
  if (!settings.emitter || !settings.tech_responsible) return null;
  return {
    crt: settings.crt,
    emitter: settings.emitter,
    tech_responsible: settings.tech_responsible,
    product_defaults: settings.product_defaults,
    // The CSC a QR Code v2 needs never leaves the server: offline, the till's is v3.
    qr_version: 3,
  };
}

/** The next number of `series` in `environment` as the server knows it (1 before the first note). */
async function nextNumberOf(db: DbOrTx, tenantId: string, environment: FiscalSettings['environment'], series: number) {
  const [row] = await db
    .select({ next: fiscalSeries.nextNumber })
    .from(fiscalSeries)
    .where(
      and(
        eq(fiscalSeries.tenantId, tenantId),
        eq(fiscalSeries.environment, environment),
        eq(fiscalSeries.series, series),
      ),
    );
  return row?.next ?? 1;
}

export async function getFiscalTill(
  db: DbOrTx,
  tenantId: string,
  deviceId: string,
  taxRates: TaxRatesLookup = taxRatesFor,
): Promise<FiscalTillView> {
  const withoutNcm = and(eq(products.tenantId, tenantId), isNull(products.ncm), isNull(products.deletedAt));
  const [settings, device, [total], ids, signingKey] = await Promise.all([
    readFiscalSettings(db, tenantId),
    db
      .select({ series: devices.nfceSeries })
      .from(devices)
      .where(and(eq(devices.tenantId, tenantId), eq(devices.id, deviceId))),
    db.select({ n: count() }).from(products).where(withoutNcm),
    db
      .select({ id: products.id })
      .from(products)
      .where(withoutNcm)
      .orderBy(asc(products.name), asc(products.id))
      .limit(WITHOUT_NCM_IDS_MAX),
    tillKeyInForce(db, tenantId, deviceId),
  ]);
  const series = device[0]?.series ?? null;
  const ncms = await db
    .selectDistinct({ ncm: products.ncm })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), isNotNull(products.ncm), isNull(products.deletedAt)));
  const [rates, nextNumber] = await Promise.all([
    taxRates(
      db,
      tenantId,
      ncms.map((r) => r.ncm!),
    ),
    series === null ? null : nextNumberOf(db, tenantId, settings.environment, series),
  ]);
  return {
    emission_enabled: settings.emission_enabled,
    environment: settings.environment,
    series,
    consumer_document_threshold: settings.consumer_document_threshold,
    emitter: settings.emitter ? danfeEmitterOf(settings.emitter) : null,
    contingency_electronic_custody: settings.contingency_electronic_custody,
    contingency_deadline_hours: settings.contingency_deadline_hours,
    emission_timeout_seconds: settings.emission_timeout_seconds,
    products_without_ncm: { count: Number(total?.n ?? 0), ids: ids.map((r) => r.id) },
    signing_key: signingKey,
    note_issuer: tillNoteIssuerOf(settings),
    tax_rates: [...rates].sort(([a], [b]) => a.localeCompare(b)).map(([ncm, r]) => ({ ncm, ...r })),
    next_number: nextNumber,
  };
}
