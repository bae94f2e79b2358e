// The reports as others see them, in the real Chromium against the real server, on the
// store of support/reports.ts: the cashier sees today only, no charts and no financial
// cards, and an en-US browser still shows reais, Brazilian dates and the same figures.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginToken } from './support/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH, openBrowser } from './support/browser';
import {
  brl,
  card,
  cardValue,
  expectNoSidewaysScroll,
  fileReportsStore,
  fullShot,
  lineValue,
  norm,
  range30,
  type Metrics,
} from './support/reports';
import { signIn } from './support/till';
import { fileServer } from './support/suite';

const server = fileServer();
const store = fileReportsStore(server);
const get = <T>(path: string, token?: string) => store.get<T>(path, token);

describe('the cashier', () => {
  it('sees today only, no charts and no financial cards', async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      const page = await phone.context.newPage();
      // Every script the cashier's pages load (Recharts is only for admins' charts).
      const scripts: Promise<string>[] = [];
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') scripts.push(res.text().catch(() => ''));
      });
      await signIn(server, page, 'caixa@demo.com');
      await card(page, 'Vendas Hoje').waitFor();
      const cashier = await loginToken(server, 'caixa@demo.com');
      const m = await get<Metrics>('/api/dashboard/metrics?scope=day', cashier);
      expect(norm(await page.getByText('Visualizando dados de:').textContent())).toContain('Hoje');
      expect(await page.getByText('Admin', { exact: true }).count()).toBe(0);
      expect(await cardValue(page, 'Vendas Hoje')).toBe(String(m.sales.today));
      for (const adminOnly of ['Receita do Mês', 'Contas a Receber', 'Contas a Pagar']) {
        expect(await card(page, adminOnly).count(), adminOnly).toBe(0);
      }
      expect(await page.getByRole('region', { name: 'Vendas e Receita' }).count()).toBe(0);
      expect(await page.getByRole('region', { name: 'Fluxo de Caixa' }).count()).toBe(0);
      await page.getByText('Alertas do Sistema').waitFor();
      await expectNoSidewaysScroll(page, 'cashier dashboard 390');
      await fullShot(page, 'reports-40-dashboard-caixa-390');
      // The till's JavaScript, like the cashier's dashboard, has no Recharts in it.
      await page.goto(`${server.demoUrl}/vendas`);
      await page.getByText('PDV - Ponto de Venda').waitFor();
      const bodies = await Promise.all(scripts);
      expect(bodies.length).toBeGreaterThan(3);
      expect(bodies.filter((b) => b.includes('recharts-surface'))).toHaveLength(0);
      // The menu has no reports for a cashier; the address is refused.
      await page.goto(`${server.demoUrl}/relatorios-financeiros`);
      await page.getByText('Você não tem permissão para acessar este recurso.').waitFor();
    } finally {
      await phone.close();
    }
  });
});

describe('an en-US browser', () => {
  it('still shows reais, Brazilian dates and the same figures', async () => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'balcao-chromium-en-'));
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, '--lang=en-US'],
      headless: true,
      viewport: { width: 1440, height: 900 },
      locale: 'en-US',
      timezoneId: 'America/New_York',
    });
    try {
      const page = await context.newPage();
      expect(await page.evaluate(() => navigator.language)).toBe('en-US');
      await signIn(server, page, 'admin@demo.com');
      await card(page, 'Receita Hoje').waitFor();
      const m = await get<Metrics>('/api/dashboard/metrics');
      expect(await cardValue(page, 'Receita Hoje')).toBe(norm(brl(m.revenue.today)));
      await page.locator('[data-testid=sales-chart] .recharts-line-curve').first().waitFor();
      await fullShot(page, 'reports-50-dashboard-en-US');
      await page.goto(`${server.demoUrl}/relatorios-financeiros`);
      await page.getByRole('tab', { name: 'DRE' }).click();
      await page.getByRole('row', { name: /Receita Total/ }).waitFor();
      const { start, end } = range30();
      const dre = await get<{ revenue: { total_revenue: number } }>(
        `/api/financial-reports/dre?start_date=${start}&end_date=${end}`,
      );
      expect(await lineValue(page, '(=) Receita Total')).toBe(norm(brl(dre.revenue.total_revenue)));
      const dates = start.split('-').reverse().join('/');
      expect(norm(await page.getByText(/^Período de /).textContent())).toContain(dates);
      await fullShot(page, 'reports-51-dre-en-US');
    } finally {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    }
  });
});
