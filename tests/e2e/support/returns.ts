// What the returns and exchange tests share: amounts as the screen writes them, typing into
// a labelled field as a person does, and a customer's vale-troca on the server.
import { api } from './api';
import type { Page } from './browser';
import type { RunningServer } from './server';

/** 12.5 -> '12,50' (the figure of 'R$ 12,50'). */
export const reais = (n: number) => n.toFixed(2).replace('.', ',');

/** A shown amount with its no-break spaces read as spaces. */
export const shownBRL = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

/** Types as a person does: click into the field, then the keys. */
export async function typeInto(p: Page, label: string, text: string) {
  const field = p.getByLabel(label, { exact: true });
  await field.click();
  await p.keyboard.press('ControlOrMeta+A');
  await p.keyboard.type(text);
}

/** The customer's vale-troca balance on the server (reais). */
export async function storeCreditBalance(server: RunningServer, token: string, customerId: string): Promise<number> {
  const res = await api<{ data: { balance: number } }>(server, 'GET', `/api/customers/${customerId}/store-credit`, {
    token,
  });
  return res.body.data.balance;
}
