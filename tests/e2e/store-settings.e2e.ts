// 'Caixas veem o preço de custo' in the real Chromium against the real server: the owner
// unticks it in Configurações > Sistema, and the cashier's Produtos shows sale prices only
// (the answers carry no cost price); ticked again, the cost is back after a reload. The
// users' list (Usuários) on the way. At a phone, a tablet and a desktop width, in pt-BR
// and en-US. Screenshots in test-results/e2e.
import { describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Page } from './support/browser';
import { signIn } from './support/till';
import { fileServer } from './support/suite';

const RUNS = [
  { width: 390, height: 844, lang: 'pt-BR' },
  { width: 820, height: 1180, lang: 'en-US' },
  { width: 1280, height: 800, lang: 'pt-BR' },
] as const;

const server = fileServer();

async function openSistema(page: Page) {
  await page.goto(`${server.demoUrl}/configuracoes`);
  await page.getByRole('tab', { name: 'Sistema' }).click();
  return page.getByRole('checkbox', { name: 'Caixas veem o preço de custo' });
}

/** Clicks the box as a person does and waits for the server's answer. */
async function setBox(page: Page, on: boolean) {
  const box = await openSistema(page);
  if ((await box.isChecked()) === on) return;
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/settings') && r.request().method() === 'PUT');
  await page.getByText('Caixas veem o preço de custo').click();
  expect((await saved).status()).toBe(200);
  await page.getByText(on ? 'Os caixas veem o preço de custo.' : 'Os caixas não veem mais o preço de custo.').waitFor();
  expect(await box.isChecked()).toBe(on);
}

/** The cashier's Produtos, freshly loaded: its table's text and the products the API answered. */
async function cashierProducts(page: Page) {
  const answer = page.waitForResponse((r) => /\/api\/products\?/.test(r.url()));
  await page.goto(`${server.demoUrl}/produtos`);
  const body = (await (await answer).json()) as { data: { products: Record<string, unknown>[] } };
  const table = page.getByRole('table', { name: 'Produtos' });
  await table.getByText('Venda:').filter({ visible: true }).first().waitFor();
  return { text: (await table.textContent()) ?? '', products: body.data.products };
}

describe('store setting: cashiers and cost prices', () => {
  for (const run of RUNS) {
    it(`${run.width} px, ${run.lang}`, async () => {
      const owner = await openBrowser({ width: run.width, height: run.height }, { lang: run.lang });
      const till = await openBrowser({ width: run.width, height: run.height }, { lang: run.lang });
      try {
        const admin = await owner.context.newPage();
        const cashier = await till.context.newPage();
        await signIn(server, admin, 'admin@demo.com');
        await signIn(server, cashier, 'caixa@demo.com');
        const name = `settings-${run.width}-${run.lang}`;

        // Usuários reads the users' list shape ({users, pagination}).
        await admin.goto(`${server.demoUrl}/configuracoes`);
        await admin.getByRole('tab', { name: 'Usuários' }).click();
        const users = admin.getByRole('table', { name: 'Usuários' });
        // The e-mail shows once per width: under the name on phones, in its own column from md up.
        await users.getByText('caixa@demo.com').filter({ visible: true }).first().waitFor();
        expect(await users.textContent()).toContain('admin@demo.com');
        await screenshot(admin, `${name}-usuarios`);

        await setBox(admin, false);
        await screenshot(admin, `${name}-sistema-off`);
        const hidden = await cashierProducts(cashier);
        expect(hidden.text).not.toContain('Custo');
        expect(hidden.products.length).toBeGreaterThan(0);
        expect(hidden.products.filter((p) => 'cost_price' in p)).toEqual([]);
        await screenshot(cashier, `${name}-produtos-caixa-sem-custo`);

        await setBox(admin, true);
        await screenshot(admin, `${name}-sistema-on`);
        const shown = await cashierProducts(cashier);
        expect(shown.text).toContain('Custo: R$');
        expect(shown.products.every((p) => typeof p.cost_price === 'number')).toBe(true);
        await screenshot(cashier, `${name}-produtos-caixa-com-custo`);
      } finally {
        await owner.close();
        await till.close();
      }
    });
  }
});
