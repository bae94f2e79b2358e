// Nova Venda as a cashier uses it, for the jsdom tests: open the till and wait for its
// searches, choose a customer, add a product, read the items.
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { readMeta, writeMeta } from '../offline/device-store';
import { CAIXA_SESSION, newSession, type LocalCashSession } from '../counter/caixa-session';
import { getDb } from '../offline/db';
import { renderApp } from './render-app';

/**
 * This device's caixa, open and already known to the server (no outbox entry): a sale
 * needs an open caixa, and the tests of selling are not about opening one.
 */
export async function seedOpenCaixa(openingFloat = 0): Promise<LocalCashSession> {
  const operator = { id: crypto.randomUUID(), name: 'Caixa' };
  const session = newSession(crypto.randomUUID(), 'Teste', operator, openingFloat, new Date().toISOString());
  await writeMeta(getDb(), CAIXA_SESSION, session);
  return session;
}

/**
 * Opens the till (with this device's caixa open unless `caixa: false`) and waits, as a
 * cashier would, until its searches stop saying 'Carregando...'.
 */
export async function openTill({ caixa = true }: { caixa?: boolean } = {}) {
  if (caixa && (await readMeta(getDb(), CAIXA_SESSION)) === undefined) await seedOpenCaixa();
  const view = renderApp('/vendas');
  await screen.findByText('PDV - Ponto de Venda');
  await waitFor(() => {
    for (const search of screen.getAllByRole('combobox')) expect(search.getAttribute('aria-busy')).toBeNull();
  });
  return view;
}

export type TillUser = Awaited<ReturnType<typeof openTill>>['user'];

export async function chooseCustomer(user: TillUser, query: string, name: string) {
  await user.type(screen.getByPlaceholderText('Buscar cliente por nome ou CPF...'), query);
  await user.click(await screen.findByRole('option', { name: new RegExp(name) }));
}

export async function addProduct(user: TillUser, query: string, name: string, quantity?: string) {
  const search = screen.getByPlaceholderText('Buscar produto por código ou nome...');
  if (query) {
    await user.clear(search);
    await user.type(search, query);
  } else await user.click(search);
  await user.click(await screen.findByRole('option', { name: new RegExp(name) }));
  if (quantity !== undefined) {
    const field = screen.getByLabelText('Quantidade');
    await user.clear(field);
    if (quantity) await user.type(field, quantity);
  }
  await user.click(screen.getByRole('button', { name: 'Adicionar' }));
}

/** The rows of 'Itens da Venda', as text. */
export function itemRows(): string[] {
  const table = screen.getByRole('table', { name: 'Itens da Venda' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent?.replace(/\s/g, ' ') ?? '');
}
