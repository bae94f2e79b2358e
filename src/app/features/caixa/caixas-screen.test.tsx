// Caixas: a close whose cash was short and whose Pix was over by the same amount shows each
// method's cash-book entry under its total difference (never 'R$ 0,00' alone), in the list
// and in the 'Fechamento de Caixa' detail, as the server wrote them.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import { createFakeSync } from '../../test/fake-sync';
import { ADMIN, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

let server: FakeServer;

const figures = [
  { method: 'cash', expected: 119.9, counted: 114.9, difference: -5 },
  { method: 'credit_card', expected: 0, counted: 0, difference: 0 },
  { method: 'debit_card', expected: 0, counted: 0, difference: 0 },
  { method: 'pix', expected: 39.9, counted: 44.9, difference: 5 },
  { method: 'transfer', expected: 0, counted: 0, difference: 0 },
];
const session = {
  id: '5f0c6a1e-2b3d-4c5e-8f70-1a2b3c4d5e6f',
  device_id: '6a1e2b3d-4c5e-4f70-8a2b-3c4d5e6f7a8b',
  device_label: 'Caixa 1',
  status: 'closed',
  opening_float: 100,
  opened_by: ADMIN.id,
  opened_by_name: 'Ana Admin',
  opened_at: '2026-11-29T12:00:00.000Z',
  closed_by: ADMIN.id,
  closed_by_name: 'Ana Admin',
  closed_at: '2026-11-29T20:00:00.000Z',
  expected: figures.map((f) => ({ method: f.method, amount: f.expected })),
  figures,
  difference: 0,
  close_reason: null,
  sales_count: 2,
};

beforeEach(() => {
  server = createFakeServer();
  createFakeSync(server);
  signedInAs(server, ADMIN);
  server.on('GET', '/api/cash-sessions', () => ({
    body: { success: true, data: { sessions: [session], pagination: { page: 1, limit: 10, total: 1, totalPages: 1 } } },
  }));
  server.on('GET', `/api/cash-sessions/${session.id}`, () => ({
    body: {
      success: true,
      data: { ...session, movements: [], sales_by_method: [], installments_by_method: [] },
    },
  }));
});

describe('Caixas: a close by method', () => {
  it('shows the shortage in cash and the surplus in Pix, not only their net zero', async () => {
    const { user } = renderApp('/caixas');
    const table = await screen.findByRole('table', { name: 'Caixas' });
    const row = (await within(table).findByRole('button', { name: 'Caixa 1' })).closest('tr')!;
    expect(row.textContent).toContain('Quebra de caixa – Dinheiro: -R$\u00a05,00');
    expect(row.textContent).toContain('Sobra de caixa – PIX: R$\u00a05,00');

    await user.click(within(row).getByRole('button', { name: 'Caixa 1' }));
    const entries = await screen.findByRole('region', { name: 'Lançamentos no fluxo de caixa' });
    const lines = within(entries)
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace(/\s/g, ' '));
    expect(lines).toEqual(['Quebra de caixa – Dinheiro-R$ 5,00', 'Sobra de caixa – PIXR$ 5,00']);
  });
});
