// The owner sees the business, in the real Chromium against the real server: sales, a
// paid and an overdue bill are made through the API (support/reports.ts); the admin's
// Dashboard and every report tab show the API's figures; phones, tablet and desktop have
// no sideways scroll; both screens read offline from the cache. Exports and printing:
// reports-export.e2e.ts; the cashier's view and an en-US browser: reports-roles.e2e.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, waitForServiceWorker, type Page } from './support/browser';
import {
  brl,
  card,
  cardValue,
  expectNoSidewaysScroll,
  figure,
  fileReportsStore,
  fullShot,
  lineValue,
  norm,
  percent,
  range30,
  rowOf,
  type Metrics,
} from './support/reports';
import { signIn } from './support/till';
import { fileServer } from './support/suite';

const server = fileServer();
const store = fileReportsStore(server);
const get = <T>(path: string, token?: string) => store.get<T>(path, token);

describe('Dashboard e Relatórios Financeiros', () => {
  let desktop: Awaited<ReturnType<typeof openBrowser>>;
  let page: Page;
  const adminScripts: Promise<string>[] = [];

  beforeAll(async () => {
    desktop = await openBrowser({ width: 1440, height: 900 });
    page = await desktop.context.newPage();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') adminScripts.push(res.text().catch(() => ''));
    });
    await signIn(server, page, 'admin@demo.com');
  });
  afterAll(async () => {
    await desktop?.close();
  });

  it("shows the admin's dashboard with the API's figures, both charts and the alerts", async () => {
    await page.goto(`${server.demoUrl}/`);
    await card(page, 'Contas a Pagar').waitFor();
    const m = await get<Metrics>('/api/dashboard/metrics');
    expect(m.sales.today).toBe(3);
    expect(await page.locator('h1').count()).toBe(1);
    expect(norm(await page.getByText('Visualizando dados de:').textContent())).toContain('Todos os Períodos');
    await page.getByText('Admin', { exact: true }).waitFor();
    expect(await cardValue(page, 'Vendas Hoje')).toBe(String(m.sales.today));
    expect(await cardValue(page, 'Receita Hoje')).toBe(norm(brl(m.revenue.today)));
    expect(await cardValue(page, 'Receita do Mês')).toBe(norm(brl(m.revenue.thisMonth)));
    expect(await cardValue(page, 'Total de Clientes')).toBe(String(m.customers.total));
    expect(await cardValue(page, 'Contas a Pagar')).toBe(norm(brl(m.financial.accountsPayable.total)));
    expect(norm(await card(page, 'Contas a Pagar').textContent())).toContain(
      `${norm(brl(m.financial.accountsPayable.overdue))} vencidas`,
    );
    // Both plots drew lines and areas (Recharts arrived in its own file).
    await page.locator('[data-testid=sales-chart] .recharts-line-curve').first().waitFor();
    expect(await page.locator('[data-testid=sales-chart] .recharts-line-curve').count()).toBe(2);
    await page.locator('[data-testid=dashboard-cash-flow-chart] .recharts-area-area').first().waitFor();
    // ...which the admin's browser did download (the cashier's test checks the till never does).
    expect((await Promise.all(adminScripts)).some((b) => b.includes('recharts-surface'))).toBe(true);
    const alerts = page.getByRole('region', { name: 'Contas a Pagar Vencidas' });
    expect(norm(await alerts.textContent())).toContain('Tecidos Paulista');
    expect(norm(await alerts.textContent())).toContain('5 dias vencida');
    await expectNoSidewaysScroll(page, 'dashboard 1440');
    await fullShot(page, 'reports-01-dashboard-1440');

    // The period selector asks the server for the chosen days.
    const answered = page.waitForResponse((r) => r.url().includes('/api/dashboard/sales-chart?days=30'));
    await page.getByRole('region', { name: 'Vendas e Receita' }).getByLabel('Período').selectOption('30');
    expect((await answered).status()).toBe(200);
    await page.locator('[data-testid=sales-chart] .recharts-line-curve').first().waitFor();
    // The tooltip names both series (hovering today, the plot's right end).
    const plot = page.locator('[data-testid=sales-chart] .recharts-cartesian-grid').first();
    const box = (await plot.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
    await page.mouse.move(box.x + box.width - 4, box.y + box.height / 3, { steps: 8 });
    const tooltip = page.locator('.recharts-tooltip-wrapper').first();
    await tooltip.getByText(/Vendas/).waitFor();
    // Today: three sales and their revenue.
    expect(norm(await tooltip.textContent())).toMatch(/Vendas\s*:\s*3/);
    expect(norm(await tooltip.textContent())).toContain(norm(brl(m.revenue.today)));
    await screenshot(page, 'reports-02-dashboard-tooltip');
  });

  it('shows every report tab with the API figures', async () => {
    const { start, end } = range30();
    const q = `start_date=${start}&end_date=${end}`;
    await page.goto(`${server.demoUrl}/relatorios-financeiros`);
    await page.getByRole('group', { name: 'Receita Total', exact: true }).waitFor();
    expect(await page.locator('h1').count()).toBe(1);
    const summary = await get<{ dre: { revenue: { total_revenue: number }; net_income: number } }>(
      `/api/financial-reports/summary?${q}&as_of_date=${end}`,
    );
    expect(summary.dre.revenue.total_revenue).toBeGreaterThan(0);
    expect(await figure(page, 'Receita Total')).toBe(norm(brl(summary.dre.revenue.total_revenue)));
    expect(await figure(page, 'Lucro Líquido')).toBe(norm(brl(summary.dre.net_income)));
    await fullShot(page, 'reports-10-resumo-1440');

    await page.getByRole('tab', { name: 'DRE' }).click();
    const dre = await get<{
      revenue: { total_revenue: number };
      gross_profit: number;
      net_income: number;
      net_margin_percentage: number;
      operating_expenses: { utilities: number };
      cost_of_goods_sold: { other_costs: number };
    }>(`/api/financial-reports/dre?${q}`);
    await page.getByRole('row', { name: /Receita Total/ }).waitFor();
    expect(await lineValue(page, '(=) Receita Total')).toBe(norm(brl(dre.revenue.total_revenue)));
    expect(await lineValue(page, '(=) Lucro Bruto')).toBe(norm(brl(dre.gross_profit)));
    // The paid light bill is an expense; the overdue fabric a cost (accrual): in parentheses.
    expect(dre.operating_expenses.utilities).toBe(180.25);
    expect(await lineValue(page, 'Utilidades')).toBe(`(${norm(brl(180.25))})`);
    expect(await lineValue(page, 'Outros custos')).toBe(`(${norm(brl(dre.cost_of_goods_sold.other_costs))})`);
    const net = page.getByRole('row', { name: /Lucro Líquido/ });
    // A loss and its share in parentheses, as the accountant prints them.
    const share = dre.net_margin_percentage;
    expect(norm(await net.textContent())).toContain(share < 0 ? `(${percent(-share)})` : percent(share));
    await fullShot(page, 'reports-11-dre-1440');

    await page.getByRole('tab', { name: 'Balanço' }).click();
    const sheet = await get<{ assets: { total_assets: number }; equity: { total_equity: number } }>(
      `/api/financial-reports/balance-sheet?as_of_date=${end}`,
    );
    await rowOf(page, 'Total do Ativo').waitFor();
    expect(await lineValue(page, 'Total do Ativo')).toBe(norm(brl(sheet.assets.total_assets)));
    expect(await lineValue(page, 'Total do Patrimônio Líquido')).toBe(norm(brl(sheet.equity.total_equity)));
    await fullShot(page, 'reports-12-balanco-1440');

    await page.getByRole('tab', { name: 'Lucratividade' }).click();
    const prof = await get<{ profitability_ratios: { gross_profit_margin: number; net_margin: number } }>(
      `/api/financial-reports/profitability?${q}`,
    );
    await page.getByRole('group', { name: 'Margem Bruta', exact: true }).waitFor();
    expect(await figure(page, 'Margem Bruta')).toBe(percent(prof.profitability_ratios.gross_profit_margin));
    expect(await figure(page, 'Margem Líquida')).toBe(percent(prof.profitability_ratios.net_margin));
    await fullShot(page, 'reports-13-lucratividade-1440');

    await page.getByRole('tab', { name: 'Margens' }).click();
    const margins = await get<{
      average_margin: number;
      product_margins: {
        product_name: string;
        sku: string;
        size: string;
        color: string;
        revenue: number;
        margin_percentage: number;
      }[];
    }>(`/api/financial-reports/margin-analysis?${q}`);
    await page.getByRole('table', { name: 'Margem por produto' }).waitFor();
    expect(await figure(page, 'Margem Média')).toBe(percent(margins.average_margin));
    // Variants of one model share its name; each row says which one (SKU, size / colour),
    // and a product without a variant shows nothing for it.
    const rows = page.getByRole('table', { name: 'Margem por produto' }).locator('tbody tr');
    expect(await rows.count()).toBe(margins.product_margins.length);
    for (const [i, p] of margins.product_margins.entries()) {
      const row = rows.nth(i);
      const variant = [p.size, p.color].filter(Boolean).join(' / ');
      // What shows at this width (the copies folded for phones are hidden).
      expect(norm(await row.getByRole('rowheader').innerText())).toBe(
        `${p.product_name} ${p.sku}${variant ? ` · ${variant}` : ''}`,
      );
      expect(norm(await row.textContent())).toContain(norm(brl(p.revenue)));
      const badge = row.getByText(percent(p.margin_percentage));
      const tone = await badge.getAttribute('class');
      expect(tone).toContain(p.margin_percentage >= 20 ? 'green' : p.margin_percentage >= 10 ? 'yellow' : 'red');
    }
    await fullShot(page, 'reports-14-margens-1440');
  });

  it('fits phones and the tablet without sideways scroll', async () => {
    for (const width of [360, 390, 820]) {
      await page.setViewportSize({ width, height: width < 800 ? 800 : 1180 });
      await page.goto(`${server.demoUrl}/`);
      await card(page, 'Alertas').waitFor();
      await page.locator('[data-testid=sales-chart] .recharts-line-curve').first().waitFor();
      await page.locator('[data-testid=dashboard-cash-flow-chart] .recharts-area-area').first().waitFor();
      await expectNoSidewaysScroll(page, `dashboard ${width}`);
      if (width !== 360) await fullShot(page, `reports-2${width === 390 ? 0 : 1}-dashboard-${width}`);
      await page.goto(`${server.demoUrl}/relatorios-financeiros`);
      await page.getByRole('group', { name: 'Receita Total', exact: true }).waitFor();
      await expectNoSidewaysScroll(page, `resumo ${width}`);
      if (width !== 360) await fullShot(page, `reports-2${width === 390 ? 2 : 3}-resumo-${width}`);
      await page.getByRole('tab', { name: 'DRE' }).click();
      await page.getByRole('row', { name: /Receita Total/ }).waitFor();
      await expectNoSidewaysScroll(page, `dre ${width}`);
      if (width !== 360) await fullShot(page, `reports-2${width === 390 ? 4 : 5}-dre-${width}`);
      await page.getByRole('tab', { name: 'Margens' }).click();
      await page.getByRole('table', { name: 'Margem por produto' }).waitFor();
      await expectNoSidewaysScroll(page, `margens ${width}`);
      if (width !== 360) await fullShot(page, `reports-2${width === 390 ? 6 : 7}-margens-${width}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('reads both screens from the cache offline, saying when the data was fetched', async () => {
    await page.goto(`${server.demoUrl}/`);
    await waitForServiceWorker(page);
    await card(page, 'Vendas Hoje').waitFor();
    await page.goto(`${server.demoUrl}/relatorios-financeiros`);
    await page.getByRole('group', { name: 'Receita Total', exact: true }).waitFor();
    const revenue = await figure(page, 'Receita Total');
    // Answers are written to IndexedDB as they arrive; give the batch its moment.
    await page.waitForTimeout(500);

    await desktop.context.setOffline(true);
    try {
      await page.goto(`${server.demoUrl}/`);
      await card(page, 'Vendas Hoje').waitFor();
      await page.getByText(/^Offline · dados de \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/).waitFor();
      expect(await cardValue(page, 'Vendas Hoje')).toBe('3');
      await fullShot(page, 'reports-30-dashboard-offline');
      await page.goto(`${server.demoUrl}/relatorios-financeiros`);
      await page.getByRole('group', { name: 'Receita Total', exact: true }).waitFor();
      await page.getByText(/^Offline · dados de \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/).waitFor();
      expect(await figure(page, 'Receita Total')).toBe(revenue);
      await fullShot(page, 'reports-31-resumo-offline');
    } finally {
      await desktop.context.setOffline(false);
    }
  });
});
