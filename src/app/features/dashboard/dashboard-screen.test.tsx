// Dashboard over the real app, the API faked at fetch: the admin's scope, cards, badges,
// growth colours, charts and alerts; the cashier's day scope without charts or financial
// cards; placeholders while loading; each error text; 'Atualizar'.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../../shared/dates';
import { createFakeServer, deferred, type FakeServer, type Handler } from '../../test/fake-server';
import { ADMIN, CASHIER, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { text } from '../../test/screen-text';

let server: FakeServer;
const card = (title: string) => screen.getByRole('group', { name: title });
const params = (path: string, i = 0) => Object.fromEntries(server.callsTo('GET', path)[i]!.url.searchParams);

const NO_ALERTS = {
  lowStock: [],
  overdueReceivables: [],
  overduePayables: [],
  counts: { lowStock: 0, overdueReceivables: 0, overduePayables: 0 },
  saleConflicts: 0,
};
const ALERTS = {
  lowStock: [
    // As a server from before the variant fields answered: no size nor colour.
    { id: '00000000-0000-4000-8000-000000000001', name: 'Camiseta Azul', currentStock: 1, minStock: 5 },
    {
      id: '00000000-0000-4000-8000-000000000004',
      name: 'Calça Jeans Slim',
      size: '42',
      color: 'Azul',
      currentStock: 2,
      minStock: 5,
    },
  ],
  overdueReceivables: [
    { id: '00000000-0000-4000-8000-000000000002', customer_name: 'Maria Silva', daysOverdue: 12, amount: 150.5 },
  ],
  overduePayables: [
    { id: '00000000-0000-4000-8000-000000000003', supplier_name: 'Energia SP', daysOverdue: 3, amount: 412.37 },
  ],
  counts: { lowStock: 4, overdueReceivables: 1, overduePayables: 1 },
  saleConflicts: 2,
};

function metrics(overrides: { growth?: number; growth_unavailable?: string } = {}) {
  return {
    sales: { today: 7, thisWeek: 31 },
    revenue: {
      today: 1234.56,
      growth: overrides.growth ?? 12.5,
      ...(overrides.growth_unavailable ? { growth_unavailable: overrides.growth_unavailable } : {}),
      thisMonth: 20500,
      total: 98765.43,
    },
    customers: { total: 120, newThisMonth: 9 },
    products: { total: 62, lowStock: 4, outOfStock: 2 },
    financial: {
      accountsReceivable: { total: 800, overdue: 150.5 },
      accountsPayable: { total: 1000, overdue: 412.37 },
    },
    alerts: ALERTS,
  };
}

const today = todayIso();
const salesPoints = [
  { date: addDays(today, -1), sales: 0, revenue: 0 },
  { date: today, sales: 7, revenue: 1234.56 },
];
const cashPoints = [
  { date: addDays(today, -1), income: 0, expenses: 0, balance: 100 },
  { date: today, income: 1234.56, expenses: 50, balance: 1284.56 },
];

function serve(
  overrides: Partial<Record<'metrics' | 'sales-chart' | 'cash-flow-chart' | 'alerts', Handler>> = {},
  body = metrics(),
) {
  const ok = (data: unknown) => () => ({ body: { success: true, data } });
  server.on('GET', '/api/dashboard/metrics', overrides.metrics ?? ok(body));
  server.on('GET', '/api/dashboard/sales-chart', overrides['sales-chart'] ?? ok(salesPoints));
  server.on('GET', '/api/dashboard/cash-flow-chart', overrides['cash-flow-chart'] ?? ok(cashPoints));
  server.on('GET', '/api/dashboard/alerts', overrides.alerts ?? ok(ALERTS));
}

beforeEach(() => {
  server = createFakeServer();
});

// The first render loads the lazy screen: slow on a busy machine.
describe('Dashboard (admin)', { timeout: 20_000 }, () => {
  beforeEach(() => signedInAs(server, ADMIN));

  it('shows the title, every period, the Admin badge and the eight cards with their badges', async () => {
    serve();
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Visão geral do seu negócio em tempo real')).toBeTruthy();
    expect(text(screen.getByText('Visualizando dados de:'))).toContain('Todos os Períodos');
    expect(screen.getByText('Admin')).toBeTruthy();
    await screen.findByRole('group', { name: 'Vendas Hoje' });
    expect(text(card('Vendas Hoje'))).toContain('7');
    expect(text(card('Vendas Hoje'))).toContain('31 esta semana');
    expect(text(card('Receita Hoje'))).toContain('R$ 1.234,56');
    expect(text(card('Receita Hoje'))).toContain('+12,5%');
    expect(text(card('Total de Clientes'))).toContain('+9 este mês');
    expect(text(card('Produtos'))).toContain('4 estoque baixo');
    expect(text(card('Produtos'))).toContain('2 sem estoque');
    expect(text(card('Receita do Mês'))).toContain('R$ 20.500,00');
    expect(text(card('Receita do Mês'))).toContain('Total: R$ 98.765,43');
    expect(text(card('Contas a Receber'))).toContain('R$ 150,50 vencidas');
    expect(text(card('Contas a Pagar'))).toContain('R$ 412,37 vencidas');
    // 4 low stock + 1 receivable + 1 payable.
    expect(within(card('Alertas')).getByTestId('metric-value').textContent).toBe('6');
    expect(text(card('Alertas'))).toContain('1 receber');
    expect(text(card('Alertas'))).toContain('1 pagar');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    // No scope sent by an admin.
    expect(params('/api/dashboard/metrics')).toEqual({});
    expect(params('/api/dashboard/alerts')).toEqual({});
  });

  it.each([
    [12.5, '+12,5%', 'text-green-700'],
    [-3.25, '-3,3%', 'text-red-700'],
    [0, '0%', 'text-slate-600'],
  ])('colours a growth of %s', async (growth, shown, colour) => {
    serve({}, metrics({ growth }));
    renderApp('/');
    const value = await screen.findByTestId('revenue-growth');
    expect(value.textContent).toBe(shown);
    expect(value.className).toContain(colour);
  });

  it.each([
    ['no_previous_sales', 'sem vendas no mesmo período do mês passado'],
    ['day_scope', 'o painel do dia não compara meses'],
  ])("with nothing to compare against (%s), growth shows '—' and why, not 0%%", async (why, reason) => {
    serve({}, metrics({ growth: 0, growth_unavailable: why }));
    renderApp('/');
    const value = await screen.findByTestId('revenue-growth');
    expect(value.textContent).toBe('—');
    expect(value.className).toContain('text-slate-600');
    expect(screen.getByTestId('revenue-growth-why').textContent).toBe(reason);
    expect(text(card('Receita Hoje'))).not.toContain('0%');
  });

  it('asks both charts for a year by default and the chosen period after', async () => {
    serve();
    const { user } = renderApp('/');
    await screen.findByRole('region', { name: 'Vendas e Receita' });
    await waitFor(() => expect(server.callsTo('GET', '/api/dashboard/sales-chart')).toHaveLength(1));
    expect(params('/api/dashboard/sales-chart')).toEqual({ days: '365' });
    await waitFor(() => expect(server.callsTo('GET', '/api/dashboard/cash-flow-chart')).toHaveLength(1));
    expect(params('/api/dashboard/cash-flow-chart')).toEqual({ days: '365' });
    const sales = screen.getByRole('region', { name: 'Vendas e Receita' });
    const options = within(sales)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['30 dias', '90 dias', '180 dias', '1 ano', '2 anos']);
    await user.selectOptions(within(sales).getByLabelText('Período'), '730');
    await waitFor(() => expect(server.callsTo('GET', '/api/dashboard/sales-chart')).toHaveLength(2));
    expect(params('/api/dashboard/sales-chart', 1)).toEqual({ days: '730' });
    expect(server.callsTo('GET', '/api/dashboard/cash-flow-chart')).toHaveLength(1);
  });

  it('shows the charts loading, empty and failing', async () => {
    const gate = deferred<void>();
    serve({
      'sales-chart': async () => {
        await gate.promise;
        return { body: { success: true, data: [{ date: today, sales: 0, revenue: 0 }] } };
      },
      'cash-flow-chart': () => ({ status: 500, body: { success: false, error: 'Banco indisponível' } }),
    });
    renderApp('/');
    const sales = await screen.findByRole('region', { name: 'Vendas e Receita' });
    expect(within(sales).getByText('Carregando dados...')).toBeTruthy();
    gate.resolve();
    expect(await within(sales).findByText('Nenhum dado disponível para o período selecionado')).toBeTruthy();
    expect(text(sales)).toContain('Todos os Períodos · 1 ano');
    const cash = screen.getByRole('region', { name: 'Fluxo de Caixa' });
    expect(await within(cash).findByText('Erro ao carregar dados: Banco indisponível')).toBeTruthy();
  });

  it("falls back to the chart's own text when the server gives none", async () => {
    serve({ 'sales-chart': () => ({ status: 502, body: undefined }) });
    renderApp('/');
    const sales = await screen.findByRole('region', { name: 'Vendas e Receita' });
    expect(
      await within(sales).findByText(
        'Erro ao carregar dados: Failed to fetch sales chart data',
        {},
        { timeout: 5_000 },
      ),
    ).toBeTruthy();
  });

  it('shows eight placeholder cards while loading, then the error text', async () => {
    const gate = deferred<void>();
    serve({
      metrics: async () => {
        await gate.promise;
        return { status: 500, body: { success: false, error: 'falhou' } };
      },
    });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(await screen.findAllByTestId('metric-placeholder')).toHaveLength(8);
    gate.resolve();
    expect(await screen.findByText('Erro ao carregar métricas', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryAllByTestId('metric-placeholder')).toHaveLength(0);
  });

  it('lists the alerts by group, with their texts', async () => {
    serve();
    renderApp('/');
    const low = await screen.findByRole('region', { name: 'Produtos com Estoque Baixo' });
    expect(text(low)).toContain('Camiseta Azul');
    expect(text(low)).toContain('Estoque: 1 / Mínimo: 5');
    expect(within(low).getAllByText('Baixo')).toHaveLength(2);
    // The variant to reorder, and nothing for a product without one.
    expect(within(low).getByText('Calça Jeans Slim · 42 / Azul')).toBeTruthy();
    expect(within(low).getByText('Camiseta Azul')).toBeTruthy();
    expect(text(low)).not.toContain('- / -');
    // Four in all, two listed.
    expect(text(low)).toContain('e mais 2');
    const receivables = screen.getByRole('region', { name: 'Contas a Receber Vencidas' });
    expect(text(receivables)).toContain('Maria Silva');
    expect(text(receivables)).toContain('12 dias vencida');
    expect(text(receivables)).toContain('R$ 150,50');
    expect(within(receivables).getByText('Vencida')).toBeTruthy();
    const payables = screen.getByRole('region', { name: 'Contas a Pagar Vencidas' });
    expect(text(payables)).toContain('Energia SP');
    expect(text(payables)).toContain('3 dias vencida');
    expect(text(payables)).toContain('R$ 412,37');
    const conflicts = screen.getByRole('region', { name: 'Conflitos de Vendas' });
    expect(text(conflicts)).toContain('2 conflitos de venda para revisar');
    expect(within(conflicts).getByRole('link', { name: 'Revisar' }).getAttribute('href')).toBe('/conflitos');
  });

  it('warns of the A1 certificate about to expire, with a link to renew it in Configurações', async () => {
    const certificateExpiry = { not_after: '2026-12-20T15:00:00.000Z', days_left: 12 };
    serve({ alerts: () => ({ body: { success: true, data: { ...NO_ALERTS, certificateExpiry } } }) });
    renderApp('/');
    const group = await screen.findByRole('region', { name: 'Certificado Digital' });
    expect(text(group)).toContain('Certificado digital A1 vence em 12 dias');
    expect(text(group)).toContain('Validade até 20/12/2026');
    expect(within(group).getByRole('link', { name: 'Renovar' }).getAttribute('href')).toBe('/configuracoes');
    expect(screen.queryByText('Nenhum alerta ativo')).toBeNull();
  });

  it('counts the NFC-e SEFAZ rejected, with a link to Notas Fiscais', async () => {
    serve({ alerts: () => ({ body: { success: true, data: { ...NO_ALERTS, rejectedNotes: 2 } } }) });
    renderApp('/');
    const group = await screen.findByRole('region', { name: 'Notas Fiscais' });
    expect(text(group)).toContain('2 NFC-e rejeitadas pela SEFAZ');
    expect(within(group).getByRole('link', { name: 'Resolver' }).getAttribute('href')).toBe('/notas-fiscais');
    expect(screen.queryByText('Nenhum alerta ativo')).toBeNull();
  });

  it('counts the sales left with two valid notes (the note in doubt not cancelled), beside the rejected', async () => {
    serve({ alerts: () => ({ body: { success: true, data: { ...NO_ALERTS, rejectedNotes: 1, replacedNotes: 1 } } }) }); // prettier-ignore
    renderApp('/');
    const group = await screen.findByRole('region', { name: 'Notas Fiscais' });
    expect(text(group)).toContain('1 NFC-e rejeitada pela SEFAZ');
    expect(text(group)).toContain(
      '1 venda com duas NFC-e autorizadas' +
        'A nota substituída pela de contingência não pôde ser cancelada: fale com o contador',
    );
    expect(within(group).getByRole('link', { name: 'Ver' }).getAttribute('href')).toBe('/notas-fiscais');
  });

  it('counts the contingency notes still waiting for SEFAZ, with the deadline of the oldest', async () => {
    const deadline = new Date(Date.now() + 5 * 3_600_000 + 30 * 60_000).toISOString();
    serve({ alerts: () => ({ body: { success: true, data: { ...NO_ALERTS, contingencyNotes: { count: 3, deadline, hours_left: 5 } } } }) }); // prettier-ignore
    renderApp('/');
    const group = await screen.findByRole('region', { name: 'Notas em Contingência' });
    expect(text(group)).toContain('3 NFC-e em contingência aguardam a SEFAZ');
    expect(text(group)).toContain('A mais antiga: vence em 5 horas.');
    expect(within(group).queryByText('Atrasada')).toBeNull();
    expect(within(group).getByRole('link', { name: 'Ver' }).getAttribute('href')).toBe('/notas-fiscais');
  });

  it('marks the contingency notes past their deadline', async () => {
    const deadline = new Date(Date.now() - 2 * 3_600_000 - 60_000).toISOString();
    serve({ alerts: () => ({ body: { success: true, data: { ...NO_ALERTS, contingencyNotes: { count: 1, deadline, hours_left: -3 } } } }) }); // prettier-ignore
    renderApp('/');
    const group = await screen.findByRole('region', { name: 'Notas em Contingência' });
    expect(text(group)).toContain('1 NFC-e em contingência aguarda a SEFAZ');
    expect(text(group)).toContain('A mais antiga: prazo vencido há 3 horas.');
    expect(within(group).getByText('Atrasada')).toBeTruthy();
  });

  it('says when there is no alert', async () => {
    serve({ alerts: () => ({ body: { success: true, data: NO_ALERTS } }) });
    renderApp('/');
    expect(await screen.findByText('Nenhum alerta ativo')).toBeTruthy();
    expect(screen.getByText('Tudo está funcionando normalmente!')).toBeTruthy();
  });

  it("shows 'Erro ao carregar alertas'", async () => {
    serve({ alerts: () => ({ status: 500, body: { success: false, error: 'x' } }) });
    renderApp('/');
    expect(await screen.findByText('Erro ao carregar alertas', {}, { timeout: 5_000 })).toBeTruthy();
  });

  it("'Atualizar' asks again for the metrics, both charts and the alerts", async () => {
    serve();
    const { user } = renderApp('/');
    await screen.findByRole('group', { name: 'Vendas Hoje' });
    const paths = ['metrics', 'sales-chart', 'cash-flow-chart', 'alerts'].map((p) => `/api/dashboard/${p}`);
    await waitFor(() => paths.forEach((p) => expect(server.callsTo('GET', p)).toHaveLength(1)));
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => paths.forEach((p) => expect(server.callsTo('GET', p), p).toHaveLength(2)));
  });
});

describe('Dashboard (cashier)', () => {
  beforeEach(() => signedInAs(server, CASHIER));

  it('shows today only: day scope, no Admin badge, no charts, no financial cards', async () => {
    serve();
    renderApp('/');
    await screen.findByRole('group', { name: 'Vendas Hoje' });
    expect(text(screen.getByText('Visualizando dados de:'))).toContain('Hoje');
    expect(screen.queryByText('Admin')).toBeNull();
    for (const title of ['Vendas Hoje', 'Receita Hoje', 'Total de Clientes', 'Produtos', 'Alertas']) {
      expect(card(title)).toBeTruthy();
    }
    for (const title of ['Receita do Mês', 'Contas a Receber', 'Contas a Pagar']) {
      expect(screen.queryByRole('group', { name: title })).toBeNull();
    }
    expect(screen.queryByRole('region', { name: 'Vendas e Receita' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Fluxo de Caixa' })).toBeNull();
    expect(params('/api/dashboard/metrics')).toEqual({ scope: 'day' });
    await waitFor(() => expect(server.callsTo('GET', '/api/dashboard/alerts')).toHaveLength(1));
    expect(params('/api/dashboard/alerts')).toEqual({ scope: 'day' });
    expect(server.callsTo('GET', '/api/dashboard/sales-chart')).toHaveLength(0);
    expect(server.callsTo('GET', '/api/dashboard/cash-flow-chart')).toHaveLength(0);
  });
});
