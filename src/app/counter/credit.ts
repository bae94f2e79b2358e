// The crediário as this device changed it and the server does not know yet: what its
// crediário sales still in the outbox finance for a customer (total - entrada, centavos),
// and what its receipts of the customer's instalments still in the outbox take off. The
// till lays both over the open crediário the server last told, so a limit holds across
// sales made offline. `revision` changes whenever one of these moves (a sale kept or
// acknowledged, a receipt queued or acknowledged): the till asks the server again then.
import { toCentavos } from '../../shared/money';
import type { BalcaoDb, OverlayRecord } from '../offline/db';
import { findLocalSales, findOverlayRows, getLocalSales } from '../offline/device-store';
import { outboxRows } from '../offline/outbox';
import { queuedBody } from './queued-bodies';

/** A receivable as the overlay keeps it (app form: centavos). */
interface OverlayReceivable {
  customer_id?: string | null;
  amount?: number;
  status?: string;
}

export interface DeviceCrediario {
  /** Whose figures these are (null: none read yet). */
  customerId: string | null;
  /** Centavos financed by this device's queued crediário sales of the customer. */
  queued: number;
  /** Centavos of the customer's open instalments this device's queued receipts pay. */
  received: number;
  /** Changes when the customer's sales or receipts on this device move (a kept sale, an acknowledgement). */
  revision: string;
}

/** Centavos financed by this device's queued crediário sales of the customer. */
export async function queuedCrediario(db: BalcaoDb, customerId: string): Promise<number> {
  const entries = (await outboxRows(db, 'pending')).flatMap((e) => {
    const body = queuedBody(e, 'sale');
    return body?.payment_method === 'crediario' && body.customer_id === customerId ? [{ id: e.id, body }] : [];
  });
  const sales = await getLocalSales(
    db,
    entries.map((e) => e.id),
  );
  return entries.reduce((sum, e, i) => {
    const entrada = e.body.crediario?.entrada;
    const total = sales[i]?.totalCentavos ?? 0;
    return sum + Math.max(0, total - (typeof entrada === 'number' ? toCentavos(entrada) : 0));
  }, 0);
}

const openOf = (r: OverlayReceivable | null) =>
  r && (r.status === 'pending' || r.status === 'overdue') && typeof r.amount === 'number' ? r.amount : 0;

const customerOf = (row: OverlayRecord) => ((row.local ?? row.server) as OverlayReceivable | null)?.customer_id ?? null;

/** The customer's crediário as this device changed it (see the header). */
export async function deviceCrediario(db: BalcaoDb, customerId: string): Promise<DeviceCrediario> {
  const [queued, sales, receivables] = await Promise.all([
    queuedCrediario(db, customerId),
    findLocalSales(db, (s) => s.customerId === customerId),
    findOverlayRows(db, (row) => row.kind === 'receivable' && customerOf(row) === customerId),
  ]);
  const received = receivables
    .filter((row) => row.syncedAt === null)
    .reduce(
      (sum, row) =>
        sum + openOf(row.server as OverlayReceivable | null) - openOf(row.local as OverlayReceivable | null),
      0,
    );
  const revision = [
    ...sales.map((s) => `${s.id}:${s.state}`),
    ...receivables.map((r) => `${r.key}:${r.updatedAt}:${r.syncedAt ?? ''}`),
  ]
    .sort()
    .join(' ');
  return { customerId, queued, received, revision };
}
