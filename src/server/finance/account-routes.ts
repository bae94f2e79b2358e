// What the routes of both kinds of account (payables and receivables) share: paying one
// and cancelling one, each answered with the account as it now is.
import type { z } from 'zod';
import { MarkAsPaidSchema, type MarkAsPaid } from '../../shared/contract';
import type { Permission } from '../../shared/permissions';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { registerRecordAction, type ZodApp } from '../http/record-routes';

type Db = AppContext['db'];

export interface AccountActions<Row> {
  /** The HTTP method of both (spec §7: POST for payables, PATCH for receivables). */
  method: 'POST' | 'PATCH';
  access: Permission;
  /** The response schema of one account. */
  one: z.core.$ZodType;
  pay: (db: Db, tenantId: string, id: string, body: MarkAsPaid, tx: DbOrTx) => Promise<Row>;
  cancel: (db: Db, tenantId: string, id: string, tx: DbOrTx) => Promise<Row>;
}

/** /:id/mark-as-paid and /:id/cancel of one kind of account. */
export function registerAccountActions<Row>(app: ZodApp, ctx: AppContext, actions: AccountActions<Row>): void {
  const { method, access, one } = actions;
  registerRecordAction(app, ctx, {
    method,
    url: '/:id/mark-as-paid',
    access,
    one,
    body: MarkAsPaidSchema,
    run: actions.pay,
  });
  registerRecordAction(app, ctx, { method, url: '/:id/cancel', access, one, run: actions.cancel });
}
