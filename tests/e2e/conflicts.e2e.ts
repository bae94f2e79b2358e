// Conflitos de Vendas in the real Chromium against the real server: sales a till replayed
// with a stock shortfall, a price the product never had and a clock two years behind are
// listed for the admin (who sold, which device, when, what differs) at a phone's, a
// tablet's and a desktop's width; one is marked as reviewed; the cashier has no entry in
// the menu and is refused the screen.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, loginToken } from './support/api';
import { openBrowser, screenshot } from './support/browser';
import { demoPair, signIn } from './support/till';
import { fileBrowser, fileServer } from './support/suite';

const server = fileServer();
const browser = fileBrowser({ width: 1440, height: 900 });

describe('Conflitos de Vendas', () => {
  it('lists the conflicts for the admin, marks one reviewed, and keeps the cashier out', async () => {
    const admin = await loginToken(server, 'admin@demo.com');
    const cashier = await loginToken(server, 'caixa@demo.com');
    const { x: a, y: b, ana, bruno } = await demoPair(server, admin, 2);
    const sell = async (body: Record<string, unknown>) => {
      const res = await api<{ data: { id: string } }>(server, 'POST', '/api/sales', {
        token: cashier,
        headers: { 'Idempotency-Key': randomUUID() },
        body: { payment_method: 'cash', offline: true, device_id: randomUUID(), ...body },
      });
      expect(res.status).toBe(201);
    };
    // A till offline since 2024 replays a sale: its clock is not believed.
    await sell({
      customer_id: ana.id,
      items: [{ product_id: a.id, quantity: 1, unit_price: a.sale_price }],
      sold_at: '2024-02-10T14:30:00.000Z',
      device_label: 'Android · Chrome',
    });
    // A price the product never had, and more units than the server had.
    await sell({
      customer_id: bruno.id,
      items: [{ product_id: b.id, quantity: b.current_stock + 3, unit_price: 0.5 }],
      sold_at: new Date(Date.now() - 3_600_000).toISOString(),
      device_label: 'iPad · Safari',
    });

    const page = await browser.context.newPage();
    await signIn(server, page, 'admin@demo.com');
    await page.getByRole('link', { name: 'Conflitos de Vendas' }).first().click();
    await page.getByRole('heading', { name: 'Conflitos de Vendas' }).waitFor();
    await page.getByText('Preço diferente').first().waitFor();
    expect(await page.getByRole('article').count()).toBe(3);
    await page.getByText(`${b.name}: vendido a R$`).first().waitFor();
    await page.getByText('O dispositivo informou 10/02/2024 11:30').waitFor();
    expect(await page.getByText('Caixa Demo').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Pendentes (3)' }).waitFor();
    await screenshot(page, '40-conflitos-1440');
    // A tablet and a phone open the screen at their own width (no sidebar mid-slide).
    for (const [width, height, name] of [
      [820, 1180, '41-conflitos-820'],
      [390, 844, '42-conflitos-390'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.reload();
      await page.getByRole('button', { name: 'Pendentes (3)' }).waitFor();
      await page.getByText('Relógio do dispositivo').first().waitFor();
      await screenshot(page, name);
    }

    await page.getByRole('button', { name: 'Marcar como revisado' }).first().click();
    await page.getByText('Conflito revisado').first().waitFor();
    await page.getByRole('button', { name: 'Pendentes (2)' }).waitFor();
    await page.getByRole('button', { name: /^Revisados/ }).click();
    await page.getByText(/Revisado por Administrador Demo em/).waitFor();
    await screenshot(page, '43-conflitos-revisados-390');
    const alerts = await api<{ data: { saleConflicts: number } }>(server, 'GET', '/api/dashboard/alerts', {
      token: admin,
    });
    expect(alerts.body.data.saleConflicts).toBe(2);

    // The cashier: no entry in the menu, and the screen refuses.
    const other = await openBrowser({ width: 1440, height: 900 });
    try {
      const till = await other.context.newPage();
      await signIn(server, till, 'caixa@demo.com');
      await till.getByRole('link', { name: 'Nova Venda' }).first().waitFor();
      expect(await till.getByRole('link', { name: 'Conflitos de Vendas' }).count()).toBe(0);
      await till.goto(`${server.demoUrl}/conflitos`);
      await till.getByText('Você não tem permissão para acessar este recurso.').waitFor();
    } finally {
      await other.close();
    }
  });
});
