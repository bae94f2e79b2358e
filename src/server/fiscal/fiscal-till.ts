// What a till needs to emit (GET /api/fiscal/till/{device id}, anyone signed in): emission
// on or off, the environment, the till's own series, the value from which the consumer's
// CPF/CNPJ is required, the emitter's public data every DANFE prints, the contingency
// settings (electronic custody, the deadline in hours), the products that cannot go on a
// note yet (no NCM), and the contingency key (certificate) the till is registered as
// holding, so that it drops one an admin removed; and what the till needs to make a note
// itself in offline contingency: the store as the note writes it (note_issuer), the IBPT
// rates of the NCMs its products have, and the next number of the till's series. Never the
// server's certificate; the CSC only to a till holding a contingency key in force, in a store
// on QR Code v2 (its offline hash needs it).
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type {
  DanfeEmitter,
  FiscalEmitter,
  FiscalSettings,
  FiscalTillView,
  TechResponsible,
  TillNoteIssuer,
} from '../../shared/contract';
import { formatCep } from '../../shared/documents';
import type { DbOrTx } from '../db/client';
import { devices, fiscalSeries, products } from '../db/schema';
import { effectiveSettings, qrVersionInUse, readFiscalSettings } from './fiscal-settings';
import type { QrVersion } from '../../shared/fiscal/sefaz';
import type { TaxRatesLookup } from './tax-rates';
import { taxRatesFor } from './ibpt-table';
import { tillKeyInForce } from './till-keys';

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

/**
 * The store as a note the till makes offline writes it; null without the emitter or the
 * Responsável Técnico. Its QR Code version is the store's; for v2, whose offline hash is made
 * with the CSC, the CSC goes only to a till holding a contingency key in force (`keyed`).
 */
export function tillNoteIssuerOf(
  settings: FiscalSettings,
  qr: { version: QrVersion | null; csc: string | null },
  keyed: boolean,
): TillNoteIssuer | null {
  if (!settings.emitter || !settings.tech_responsible) return null;
  const v2 = qr.version === 2;
  return {
    crt: settings.crt,
    emitter: settings.emitter,
    tech_responsible: settings.tech_responsible,
    product_defaults: settings.product_defaults,
    qr_version: v2 ? 2 : 3,
    csc_id: v2 && keyed ? settings.csc_id : null,
    csc: v2 && keyed ? qr.csc : null,
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
  /** The store's CSC, read only for a till holding a key in force in a store on QR v2. */
  cscOf: (db: DbOrTx, tenantId: string) => Promise<string | null> = async () => null,
  /** The operator's Responsável Técnico (FISCAL_TECH_*), the store's while it has none of its own. */
  operatorTech: TechResponsible | null = null,
): Promise<FiscalTillView> {
  const withoutNcm = and(eq(products.tenantId, tenantId), isNull(products.ncm), isNull(products.deletedAt));
  const [settings, device, [total], signingKey] = await Promise.all([
    readFiscalSettings(db, tenantId).then((own) => effectiveSettings(own, operatorTech)),
    db
      .select({ series: devices.nfceSeries })
      .from(devices)
      .where(and(eq(devices.tenantId, tenantId), eq(devices.id, deviceId))),
    db.select({ n: count() }).from(products).where(withoutNcm),
    tillKeyInForce(db, tenantId, deviceId),
  ]);
  const series = device[0]?.series ?? null;
  const qrVersion = qrVersionInUse(settings);
  const csc = qrVersion === 2 && signingKey !== null ? await cscOf(db, tenantId) : null;
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
    // The count only: the till knows each product's NCM from its mirror. `ids` stays, empty,
    // for tills of earlier versions whose contract requires it.
    products_without_ncm: { count: Number(total?.n ?? 0), ids: [] },
    signing_key: signingKey,
    note_issuer: tillNoteIssuerOf(settings, { version: qrVersion, csc }, signingKey !== null),
    tax_rates: [...rates].sort(([a], [b]) => a.localeCompare(b)).map(([ncm, r]) => ({ ncm, ...r })),
    next_number: nextNumber,
  };
}
