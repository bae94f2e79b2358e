// Relatórios Financeiros over the real app, the API faked at fetch: the period, each
// tab's figures, loading and error texts, margin colours, the DRE's lines, and the CSV
// export of the open tab (margins with every product).
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MARGIN_ANALYSIS_EXPORT_PRODUCTS } from '../../../shared/contract/reports';
import { addDays, todayIso } from '../../../shared/dates';
import { csvCentavos, parseCsv } from '../../test/csv-parse';
import { createFakeServer, deferred, type FakeServer, type Handler } from '../../test/fake-server';
import { ADMIN, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { text } from '../../test/screen-text';
import type { UserEvent } from '@testing-library/user-event';

let server: FakeServer;
const today = todayIso();

const DRE = {
  revenue: { sales_revenue: 1000, other_revenue: 0, total_revenue: 1000 },
  cost_of_goods_sold: { product_costs: 400, direct_labor: 0, other_costs: 100, total_cogs: 500 },
  gross_profit: 500,
  gross_margin_percentage: 50,
  operating_expenses: {
    administrative: 120,
    marketing: 0,
    logistics: 0,
    technology: 30,
    utilities: 50,
    taxes: 0,
    other_expenses: 0,
    total_operating_expenses: 200,
  },
  operating_income: 300,
  operating_margin_percentage: 30,
  net_income: 300,
  net_margin_percentage: 30,
};
const SHEET = {
  assets: {
    current_assets: { cash: 700, accounts_receivable: 200, inventory: 1100, total_current_assets: 2000 },
    total_assets: 2000,
  },
  liabilities: {
    current_liabilities: { accounts_payable: 350.4, short_term_debt: 0, total_current_liabilities: 350.4 },
    total_liabilities: 350.4,
  },
  equity: { retained_earnings: 1649.6, total_equity: 1649.6 },
};
const PROFIT = {
  profitability_ratios: {
    gross_profit_margin: 50,
    operating_margin: 30,
    net_margin: 30,
    return_on_assets: 15,
    return_on_equity: 18.19,
  },
  growth_analysis: { revenue_growth: 25, profit_growth: -10, margin_improvement: 1.5 },
};
const product = (n: number, name: string, revenue: number, cost: number, margin: number) => ({
  product_id: `00000000-0000-4000-8000-00000000000${n}`,
  product_name: name,
  sku: `SKU-${n}`,
  size: n === 2 ? 'M' : '',
  color: n === 2 ? 'Branca' : '',
  revenue,
  cost,
  gross_profit: Math.round((revenue - cost) * 100) / 100,
  margin_percentage: margin,
});
const MARGINS = {
  average_margin: 18.5,
  best_performing_product: {
    product_name: 'Boné "Aba reta"; azul',
    sku: 'SKU-1',
    size: '',
    color: '',
    margin_percentage: 40,
  },
  worst_performing_product: { product_name: 'Meia', sku: 'SKU-3', size: 'U', color: 'Preta', margin_percentage: 5 },
  product_margins: [product(1, 'Boné "Aba reta"; azul', 500, 300, 40), product(2, 'Camisa', 300, 255, 15)],
  product_count: 3,
};
const ALL_MARGINS = { ...MARGINS, product_margins: [...MARGINS.product_margins, product(3, 'Meia', 200, 190, 5)] };

type Report = 'summary' | 'dre' | 'balance-sheet' | 'profitability' | 'margin-analysis';

function serve(overrides: Partial<Record<Report, Handler>> = {}) {
  const ok = (data: unknown) => () => ({ body: { success: true, data } });
  const data: Record<Report, unknown> = {
    summary: {
      period: { start_date: addDays(today, -29), end_date: today, as_of_date: today },
      dre: DRE,
      balance_sheet: SHEET,
      profitability: PROFIT,
      margin_analysis: MARGINS,
    },
    dre: DRE,
    'balance-sheet': SHEET,
    profitability: PROFIT,
    'margin-analysis': MARGINS,
  };
  for (const report of Object.keys(data) as Report[]) {
    server.on('GET', `/api/financial-reports/${report}`, overrides[report] ?? ok(data[report]));
  }
  server.on('GET', '/api/financial-reports/margin-analysis', (request) =>
    overrides['margin-analysis']
      ? overrides['margin-analysis'](request)
      : { body: { success: true, data: request.url.searchParams.get('limit') ? ALL_MARGINS : MARGINS } },
  );
}

const params = (report: Report, i = -1) =>
  Object.fromEntries(server.callsTo('GET', `/api/financial-reports/${report}`).at(i)!.url.searchParams);
const figure = (label: string) => within(screen.getByRole('group', { name: label })).getByTestId('figure-value');
/** A figure's text with Intl's non-breaking space as a plain one. */
const figureText = (label: string) => text(figure(label));
/** A row by its header: the label, or a product's name followed by its SKU (fixtures: SKU-n) and variant. */
const rowOf = (label: string) =>
  screen
    .getByRole('rowheader', { name: (name) => name === label || new RegExp(`^${label} ?SKU-`).test(name) })
    .closest('tr')!;

beforeEach(() => {
  server = createFakeServer();
  signedInAs(server, ADMIN);
});

// The first render loads the lazy screen: slow on a busy machine.
describe('Relatórios Financeiros', { timeout: 20_000 }, () => {
  it('opens on Resumo for the last 30 days and asks the chosen period', async () => {
    serve();
    const { user } = renderApp('/relatorios-financeiros');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Relatórios Financeiros' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Resumo',
      'DRE',
      'Balanço',
      'Lucratividade',
      'Margens',
    ]);
    await screen.findByRole('group', { name: 'Receita Total' });
    expect(params('summary')).toEqual({ start_date: addDays(today, -29), end_date: today, as_of_date: today });
    expect(figureText('Receita Total')).toBe('R$ 1.000,00');
    expect(figureText('Lucro Líquido')).toBe('R$ 300,00');
    expect(figureText('Total do Passivo')).toBe('R$ 350,40');
    await user.click(screen.getByRole('button', { name: '7 dias' }));
    await waitFor(() => expect(params('summary').start_date).toBe(addDays(today, -6)));
    await user.click(screen.getByRole('button', { name: '90 dias' }));
    await waitFor(() => expect(params('summary').start_date).toBe(addDays(today, -89)));
  });

  it('lays the DRE out with lines, subtotals and shares of revenue', async () => {
    serve();
    const { user } = renderApp('/relatorios-financeiros');
    await user.click(await screen.findByRole('tab', { name: 'DRE' }));
    await screen.findByRole('rowheader', { name: '(=) Receita Total' });
    // Each cell's own figure: the value cell's first line (the share folded under it is for phones).
    const cells = (label: string) =>
      within(rowOf(label))
        .getAllByRole('cell')
        .map((c) => text(c.firstElementChild ?? c));
    expect(cells('(=) Receita Total')).toEqual(['R$ 1.000,00', '100,00%']);
    expect(cells('Custo dos produtos vendidos')).toEqual(['(R$ 400,00)', '(40,00%)']);
    expect(cells('Mão de obra direta')).toEqual(['R$ 0,00', '0,00%']);
    expect(cells('(=) Lucro Bruto')).toEqual(['R$ 500,00', '50,00%']);
    expect(cells('Administrativas')).toEqual(['(R$ 120,00)', '(12,00%)']);
    expect(cells('Total das despesas operacionais')).toEqual(['(R$ 200,00)', '(20,00%)']);
    expect(cells('(=) Lucro Líquido do Período')).toEqual(['R$ 300,00', '30,00%']);
  });

  it('shows the balance sheet, profitability and margins with their colours', async () => {
    serve();
    const { user } = renderApp('/relatorios-financeiros');
    await user.click(await screen.findByRole('tab', { name: 'Balanço' }));
    await screen.findByRole('rowheader', { name: 'Total do Ativo' });
    expect(params('balance-sheet')).toEqual({ as_of_date: today });
    expect(text(rowOf('Total do Ativo'))).toContain('R$ 2.000,00');
    expect(text(rowOf('Total do Passivo e Patrimônio Líquido'))).toContain('R$ 2.000,00');

    await user.click(screen.getByRole('tab', { name: 'Lucratividade' }));
    await screen.findByRole('group', { name: 'Margem Bruta' });
    expect(figure('Retorno sobre Patrimônio (ROE)').textContent).toBe('18,19%');
    expect(figure('Crescimento do Lucro').textContent).toBe('-10,00%');
    expect(figure('Crescimento do Lucro').className).toContain('text-red-700');
    expect(figure('Variação da Margem Líquida').textContent).toBe('+1,50 p.p.');

    await user.click(screen.getByRole('tab', { name: 'Margens' }));
    const table = await screen.findByRole('table', { name: 'Margem por produto' });
    expect(figure('Margem Média').className).toContain('text-yellow-700');
    const badge = (name: string, shown: string) => within(rowOf(name)).getByText(shown).className;
    expect(badge('Boné "Aba reta"; azul', '40,00%')).toContain('green');
    expect(badge('Camisa', '15,00%')).toContain('yellow');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // Variants share a name: the row says which one (SKU, size / colour).
    expect(within(rowOf('Camisa')).getByText('SKU-2')).toBeTruthy();
    expect(within(rowOf('Camisa')).getByText(/M \/ Branca/)).toBeTruthy();
    // A product without size or colour: its SKU, and nothing where the variant would be.
    expect(text(rowOf('Boné "Aba reta"; azul'))).toContain('SKU-1');
    expect(text(rowOf('Boné "Aba reta"; azul'))).not.toContain('/');
    expect(text(screen.getByRole('group', { name: 'Melhor Margem' }))).not.toContain('/');
    expect(screen.getByText(/Mostrando os 2 produtos de maior receita, de 3 vendidos/)).toBeTruthy();
    expect(figure('Pior Margem').className).toContain('text-red-700');
    // The worst is a variant: the card says which one.
    expect(screen.getByText('Meia · U / Preta')).toBeTruthy();
  });

  it.each([
    ['Resumo', 'summary', 'Carregando resumo financeiro...', 'Erro ao carregar resumo financeiro'],
    ['DRE', 'dre', 'Carregando DRE detalhado...', 'Erro ao carregar DRE detalhado'],
    ['Balanço', 'balance-sheet', 'Carregando balanço patrimonial...', 'Erro ao carregar balanço patrimonial'],
    [
      'Lucratividade',
      'profitability',
      'Carregando relatório de lucratividade...',
      'Erro ao carregar relatório de lucratividade',
    ],
    ['Margens', 'margin-analysis', 'Carregando análise de margens...', 'Erro ao carregar análise de margens'],
  ] as const)('%s shows its loading and error texts', async (tab, report, loading, error) => {
    const gate = deferred<void>();
    serve({
      [report]: async () => {
        await gate.promise;
        return { status: 400, body: { success: false, error: 'Período inválido' } };
      },
    });
    const { user } = renderApp('/relatorios-financeiros');
    await user.click(await screen.findByRole('tab', { name: tab }));
    expect(await screen.findByText(loading)).toBeTruthy();
    gate.resolve();
    expect(await screen.findByText(error)).toBeTruthy();
    expect(screen.getByText('Período inválido')).toBeTruthy();
  });
});

/** The period before had no revenue: nothing to compare the growth figures with. */
const NO_BASE = {
  ...PROFIT,
  growth_analysis: {
    revenue_growth: 0,
    profit_growth: 0,
    margin_improvement: 0,
    revenue_growth_unavailable: 'no_previous_revenue',
    profit_growth_unavailable: 'no_previous_revenue',
    margin_improvement_unavailable: 'no_previous_revenue',
  },
};
const serveNoBase = () =>
  serve({
    profitability: () => ({ body: { success: true, data: NO_BASE } }),
    summary: () => ({
      body: {
        success: true,
        data: {
          period: { start_date: addDays(today, -29), end_date: today, as_of_date: today },
          dre: DRE,
          balance_sheet: SHEET,
          profitability: NO_BASE,
          margin_analysis: MARGINS,
        },
      },
    }),
  });

describe('growth against an empty period', { timeout: 20_000 }, () => {
  it("shows '—' and why, never '0,00%' or a change of margin against nothing", async () => {
    serveNoBase();
    const { user } = renderApp('/relatorios-financeiros');
    const revenue = await screen.findByRole('group', { name: 'Receita Total' });
    expect(text(revenue)).toContain('— vs período anterior · sem receita no período anterior');
    expect(text(revenue)).not.toContain('0,00%');

    await user.click(screen.getByRole('tab', { name: 'Lucratividade' }));
    await screen.findByRole('group', { name: 'Margem Bruta' });
    for (const label of ['Crescimento da Receita', 'Crescimento do Lucro', 'Variação da Margem Líquida']) {
      expect(figure(label).textContent, label).toBe('—');
      expect(figure(label).className, label).toContain('text-slate-600');
      expect(text(screen.getByRole('group', { name: label })), label).toContain('sem receita no período anterior');
    }
  });
});

describe('Exportar', { timeout: 20_000 }, () => {
  let written: Blob[];
  let names: string[];

  beforeEach(() => {
    written = [];
    names = [];
    // jsdom has no object URLs: the Blob handed over is the file.
    URL.createObjectURL = (blob: Blob) => {
      written.push(blob);
      return 'blob:report';
    };
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  /** Opens `tab`, waits for `shown` on it, exports it and reads the file (UTF-8 with BOM). */
  async function exportTab(user: UserEvent, tab: string, shown: () => Promise<unknown>) {
    written.length = 0;
    await user.click(await screen.findByRole('tab', { name: tab }));
    await shown();
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await waitFor(() => expect(written).toHaveLength(1));
    const bytes = new Uint8Array(await written[0]!.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(new TextDecoder().decode(bytes));
    return { rows, row: (label: string) => rows.find((r) => r[0] === label)! };
  }

  it('downloads the open DRE as a CSV whose figures are the report', async () => {
    serve();
    const { user } = renderApp('/relatorios-financeiros');
    const { row } = await exportTab(user, 'DRE', () => screen.findByRole('rowheader', { name: '(=) Receita Total' }));
    expect(names).toEqual([`dre-${addDays(today, -29)}-a-${today}.csv`]);
    expect(row('Conta')).toEqual(['Conta', 'Valor (R$)', '% da receita']);
    expect(csvCentavos(row('(=) Receita Total')[1]!)).toBe(100_000);
    expect(row('Custo dos produtos vendidos')).toEqual(['Custo dos produtos vendidos', '-400,00', '-40,00']);
    expect(csvCentavos(row('(=) Lucro Líquido do Período')[1]!)).toBe(30_000);
    // Only the DRE was asked for: the export read the cached answer.
    expect(server.callsTo('GET', '/api/financial-reports/dre')).toHaveLength(1);
  });

  it("exports growth against an empty period as '—' with the reason, in Lucratividade and Resumo", async () => {
    serveNoBase();
    const { user } = renderApp('/relatorios-financeiros');
    const { row } = await exportTab(user, 'Lucratividade', () => screen.findByRole('group', { name: 'Margem Bruta' }));
    expect(row('Indicador')).toEqual(['Indicador', 'Valor', 'Unidade', 'Observação']);
    expect(row('Margem bruta')).toEqual(['Margem bruta', '50,00', '%']);
    expect(row('Crescimento da receita')).toEqual([
      'Crescimento da receita',
      '—',
      '%',
      'sem receita no período anterior',
    ]);
    expect(row('Crescimento do lucro')).toEqual(['Crescimento do lucro', '—', '%', 'sem receita no período anterior']);
    expect(row('Variação da margem líquida')).toEqual([
      'Variação da margem líquida',
      '—',
      'p.p.',
      'sem receita no período anterior',
    ]);

    const summary = await exportTab(user, 'Resumo', () => screen.findByRole('group', { name: 'Receita Total' }));
    expect(summary.row('Crescimento da receita (%)')).toEqual([
      'Crescimento da receita (%)',
      '—',
      'sem receita no período anterior',
    ]);
  });

  it('lists every product sold in the margins export', async () => {
    serve();
    const { user } = renderApp('/relatorios-financeiros');
    const { rows } = await exportTab(user, 'Margens', () => screen.findByRole('table', { name: 'Margem por produto' }));
    expect(params('margin-analysis').limit).toBe(String(MARGIN_ANALYSIS_EXPORT_PRODUCTS));
    const header = rows.findIndex((r) => r[0] === 'Produto');
    expect(rows.slice(header + 1)).toEqual([
      ['Boné "Aba reta"; azul', 'SKU-1', '', '', '500,00', '300,00', '200,00', '40,00'],
      ['Camisa', 'SKU-2', 'M', 'Branca', '300,00', '255,00', '45,00', '15,00'],
      ['Meia', 'SKU-3', '', '', '200,00', '190,00', '10,00', '5,00'],
    ]);
  });
});
