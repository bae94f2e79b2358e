// The till's blind close as the caixa tests make it, and the server's record of a closed
// caixa checked against the device's (centavos on the device, reais from the API).
import { expect } from 'vitest';
import { api } from './api';
import type { Page } from './browser';
import { storedCaixa, type StoredCaixa } from './idb';
import type { RunningServer } from './server';
import { typeMoney } from './till';

/** 'Fechar Caixa' counting `cashCents` in cash and nothing else; the caixa as the device then stores it. */
export async function closeCountingCash(page: Page, cashCents: number): Promise<StoredCaixa> {
  await page.getByRole('button', { name: 'Fechar Caixa' }).click();
  await page.getByRole('dialog', { name: 'Fechar Caixa' }).waitFor();
  await typeMoney(page, 'Dinheiro contado', (cashCents / 100).toFixed(2).replace('.', ','));
  await page.getByRole('button', { name: 'Confirmar fechamento' }).click();
  await page.getByTestId('caixa-fechamento').waitFor();
  return storedCaixa(page);
}

/** The device's cash figure when the count matched what it expected (centavos). */
export const cashMatched = (cents: number) => ({ method: 'cash', expected: cents, counted: cents, difference: 0 });

/** The caixa as GET /api/cash-sessions/:id answers it (the fields these tests read). */
export interface ServedCaixa {
  status: string;
  figures: { method: string; expected: number; counted: number; difference: number }[];
  installments_by_method: { method: string; count: number; amount: number }[];
}

/** The server's caixa `id` is closed with the device's `figures`, in reais; what the server answered. */
export async function expectClosedAsOnDevice(
  server: RunningServer,
  token: string,
  id: string,
  figures: StoredCaixa['figures'],
): Promise<ServedCaixa> {
  const served = await api<{ data: ServedCaixa }>(server, 'GET', `/api/cash-sessions/${id}`, { token });
  expect(served.body.data.status).toBe('closed');
  expect(served.body.data.figures).toEqual(
    figures!.map((f) => ({
      method: f.method,
      expected: f.expected / 100,
      counted: f.counted / 100,
      difference: f.difference / 100,
    })),
  );
  return served.body.data;
}
