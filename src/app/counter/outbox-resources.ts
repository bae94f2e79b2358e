// The resources queued changes name (OutboxEntry.resource): later changes of one resource
// wait for its earlier ones (offline/outbox-kinds.ts waitingFor), and screens find them by it.

/** A till session's own entries: its opening, movements and close. */
export const caixaResource = (sessionId: string) => `caixa:${sessionId}`;

/** The entries that move a customer's vale-troca: returns crediting it, payouts. */
export const storeCreditResource = (customerId: string) => `store-credit:${customerId}`;

/** A customer's changes made without a connection. */
export const customerResource = (customerId: string) => `customer:${customerId}`;

/** An admin's cancel of a sale. */
export const SALE_CANCEL_PREFIX = 'sale:';
export const saleCancelResource = (saleId: string) => `${SALE_CANCEL_PREFIX}${saleId}`;

/** The counted quantities of one count (one resource per product). */
export const countResource = (countId: string) => `stock-count:${countId}:`;

/** The notes this till issued in offline contingency (contingency-sale.ts): a sale without one waits for them. */
export const CONTINGENCY_NOTES_RESOURCE = 'nfce-contingency';
