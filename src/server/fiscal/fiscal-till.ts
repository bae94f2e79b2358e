// What a till needs to emit (GET /api/fiscal/till/{device id}, anyone signed in): emission
// on or off, the environment, the till's own series, the value from which the consumer's
// CPF/CNPJ is required, the emitter's public data every DANFE prints, the contingency
// settings (electronic custody, the deadline in hours), the products that cannot go on a
// note yet (no NCM), and the contingency key (certificate) the till is registered as
// holding, so that it drops one an admin removed. Never the CSC nor the server's
// certificate: those stay here.
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { DanfeEmitter, FiscalEmitter, FiscalTillView } from '../../shared/contract';
import { formatCep } from '../../shared/documents';
import type { DbOrTx } from '../db/client';
import { devices, products } from '../db/schema';
import { readFiscalSettings } from './fiscal-settings';
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

export async function getFiscalTill(db: DbOrTx, tenantId: string, deviceId: string): Promise<FiscalTillView> {
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
  return {
    emission_enabled: settings.emission_enabled,
    environment: settings.environment,
    series: device[0]?.series ?? null,
    consumer_document_threshold: settings.consumer_document_threshold,
    emitter: settings.emitter ? danfeEmitterOf(settings.emitter) : null,
    contingency_electronic_custody: settings.contingency_electronic_custody,
    contingency_deadline_hours: settings.contingency_deadline_hours,
    products_without_ncm: { count: Number(total?.n ?? 0), ids: ids.map((r) => r.id) },
    signing_key: signingKey,
  };
}
