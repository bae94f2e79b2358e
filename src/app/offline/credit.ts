// Crediário this device has sold and not yet delivered: what its crediário sales still in
// the outbox finance for a customer (total - entrada, centavos). The till adds it to the
// open crediário the server last told, so a limit holds across sales made offline.
import { toCentavos } from '../../shared/money';
import type { BalcaoDb } from './db';

interface QueuedSaleBody {
  customer_id?: unknown;
  payment_method?: unknown;
  crediario?: { entrada?: unknown } | null;
}

/** Centavos financed by this device's queued crediário sales of the customer. */
export async function queuedCrediario(db: BalcaoDb, customerId: string): Promise<number> {
  const entries = await db.outbox
    .filter((e) => {
      const body = e.body as QueuedSaleBody | null;
      return (
        e.kind === 'sale' &&
        e.status === 'pending' &&
        body?.payment_method === 'crediario' &&
        body.customer_id === customerId
      );
    })
    .toArray();
  const sales = await db.sales.bulkGet(entries.map((e) => e.id));
  return entries.reduce((sum, e, i) => {
    const entrada = (e.body as QueuedSaleBody).crediario?.entrada;
    const total = sales[i]?.totalCentavos ?? 0;
    return sum + Math.max(0, total - (typeof entrada === 'number' ? toCentavos(entrada) : 0));
  }, 0);
}
