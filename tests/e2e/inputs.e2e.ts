// Fields typed as a person types, in a Chromium run in pt-BR (a 390 px phone) and in en-US
// (an 820 px tablet), against the real server: each field is clicked into and typed on
// the keyboard, never filled. Novo Produto's prices and stocks that start at zero take
// exactly what is typed; a payable's amount and due date typed (dd/mm/aaaa, digits only)
// and picked from our calendar; the receivables' date filters; Nova Venda's quantity after
// a product chosen with Enter (2 typed is 2, Enter adds 2); an add refused for stock
// empties 'Adicionar Produto'; a sale finished offline says it is kept on the device.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDate, todayIso } from '../../src/shared/dates';
import { api, loginToken } from './support/api';
import { openBrowser, screenshot, type Page } from './support/browser';
import { chooseCustomer, signIn, tillReady, type ApiCustomer, type ApiProduct } from './support/till';
import { fileServer } from './support/suite';

let token: string;
let customer: ApiCustomer;

const server = fileServer();

beforeAll(async () => {
  token = await loginToken(server, 'admin@demo.com');
  const people = await api<{ data: { customers: ApiCustomer[] } }>(server, 'GET', '/api/customers?limit=1', { token });
  customer = people.body.data.customers[0]!;
});

const RUNS = [
  { lang: 'pt-BR', viewport: { width: 390, height: 844 } },
  { lang: 'en-US', viewport: { width: 820, height: 1180 } },
] as const;

/** Clicks into a field as a person does and types on the keyboard. */
async function clickAndType(page: Page, field: ReturnType<Page['getByLabel']>, text: string) {
  await field.click();
  await page.keyboard.type(text);
}

/** The same day a month later (the month's last day when it has none): the calendar's Page Down. */
function nextMonthSameDay(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d, last))).toISOString().slice(0, 10);
}

async function payableBy(description: string) {
  const answer = await api<{ data: { accountsPayable: { description: string; amount: number; due_date: string }[] } }>(
    server,
    'GET',
    `/api/accounts-payable?search=${encodeURIComponent(description)}`,
    { token },
  );
  return answer.body.data.accountsPayable.find((a) => a.description === description);
}

describe('campos digitados como uma pessoa digita', () => {
  for (const { lang, viewport } of RUNS) {
    const tag = `${lang}-${viewport.width}`;

    describe(`${lang}, ${viewport.width}px`, () => {
      let browser: Awaited<ReturnType<typeof openBrowser>>;
      let page: Page;
      let sku: string;

      beforeAll(async () => {
        sku = `QTD-${tag}`;
        const made = await api(server, 'POST', '/api/products', {
          token,
          body: { sku, name: `Meia Esportiva ${tag}`, current_stock: 5, cost_price: 4, sale_price: 12.5 },
        });
        expect(made.status).toBe(201);
        browser = await openBrowser(viewport, { lang });
        page = browser.context.pages()[0] ?? (await browser.context.newPage());
        expect(await page.evaluate(() => navigator.language)).toBe(lang);
        await signIn(server, page, 'admin@demo.com');
      });

      afterAll(async () => {
        await browser?.close();
      });

      /** Opens Nova Venda and chooses this run's product by typing its SKU and Enter, as a person does. */
      async function chooseBySku() {
        await page.goto(`${server.demoUrl}/vendas`);
        await tillReady(page);
        await page.getByPlaceholder('Buscar produto por código ou nome...').click();
        // A person typing (a burst of 8+ keys and Enter is a barcode scanner: use-scanner.ts).
        await page.keyboard.type(sku, { delay: 60 });
        await page.getByRole('option', { name: new RegExp(sku) }).waitFor();
        await page.keyboard.press('Enter');
      }

      it('Novo Produto: preços e estoques que começam em zero levam exatamente o que se digita', async () => {
        await page.goto(`${server.demoUrl}/produtos`);
        await page.getByText('Gestão de Produtos').waitFor();
        await page.getByRole('button', { name: 'Novo Produto' }).click();
        const product = page.getByRole('dialog');
        await clickAndType(page, product.getByLabel('SKU'), `INP-${tag}`);
        await clickAndType(page, product.getByLabel('Nome'), `Calça Sarja ${tag}`);
        // No clearing first: each field shows its zero and takes what is typed in its place.
        for (const [label, zero, text] of [
          ['Preço de custo', '0,00', '59,95'],
          ['Preço de venda', '0,00', '119,90'],
          ['Estoque atual', '0', '12'],
          ['Estoque mínimo', '0', '3'],
        ] as const) {
          const field = product.getByLabel(label, { exact: true });
          expect(await field.inputValue()).toBe(zero);
          await clickAndType(page, field, text);
          expect(await field.inputValue(), label).toBe(text);
        }
        await screenshot(page, `inputs-produto-${tag}`);
        await product.getByRole('button', { name: 'Salvar' }).click();
        await page.getByText('Produto adicionado com sucesso!').first().waitFor();
        const saved = await api<{ data: { products: (ApiProduct & Record<string, number>)[] } }>(
          server,
          'GET',
          `/api/products?search=INP-${tag}`,
          { token },
        );
        expect(saved.body.data.products[0]).toMatchObject({
          cost_price: 59.95,
          sale_price: 119.9,
          current_stock: 12,
          minimum_stock: 3,
        });
      });

      it('Nova Conta a Pagar: valor e vencimento digitados (dd/mm/aaaa); um dia que não existe é dito', async () => {
        await page.goto(`${server.demoUrl}/pagar`);
        await page.getByRole('button', { name: /Nova Conta/ }).click();
        const bill = page.getByRole('dialog', { name: 'Nova Conta a Pagar' });
        await clickAndType(page, bill.getByLabel('Fornecedor'), 'Tecidos Paulista');
        await clickAndType(page, bill.getByLabel('Descrição'), `Digitada ${tag}`);
        await clickAndType(page, bill.getByLabel('Valor'), '1.234,56');
        await bill.getByLabel('Categoria').selectOption('Serviços');
        const due = bill.getByLabel('Vencimento', { exact: true });
        await clickAndType(page, due, '31022027');
        expect(await due.inputValue()).toBe('31/02/2027');
        await bill.getByText('Data inválida: fevereiro de 2027 tem 28 dias.').waitFor();
        expect(await bill.getByRole('button', { name: 'Criar Conta' }).isDisabled()).toBe(true);
        await screenshot(page, `inputs-vencimento-invalido-${tag}`);
        // Clicked again (the caret lands after the text) and typed anew.
        await clickAndType(page, due, '10042027');
        expect(await due.inputValue()).toBe('10/04/2027');
        await bill.getByRole('button', { name: 'Criar Conta' }).click();
        await page.getByText('Conta a pagar criada com sucesso!').first().waitFor();
        expect(await payableBy(`Digitada ${tag}`)).toMatchObject({ amount: 1234.56, due_date: '2027-04-10' });
      });

      it('Nova Conta a Pagar: vencimento escolhido no calendário, com o mouse e com o teclado', async () => {
        await page.goto(`${server.demoUrl}/pagar`);
        await page.getByRole('button', { name: /Nova Conta/ }).click();
        const bill = page.getByRole('dialog', { name: 'Nova Conta a Pagar' });
        await clickAndType(page, bill.getByLabel('Fornecedor'), 'Energia Paulista');
        await clickAndType(page, bill.getByLabel('Descrição'), `Calendário ${tag}`);
        await clickAndType(page, bill.getByLabel('Valor'), '412,37');
        await bill.getByLabel('Categoria').selectOption('Utilidades');
        await bill.getByRole('button', { name: 'Escolher Vencimento no calendário' }).click();
        const calendar = page.getByRole('dialog', { name: 'Calendário: Vencimento' });
        await calendar.getByRole('button', { name: 'Próximo mês' }).click();
        const next15 = `${nextMonthSameDay(todayIso()).slice(0, 8)}15`;
        await calendar.locator(`[data-day="${next15}"]`).click();
        expect(await bill.getByLabel('Vencimento', { exact: true }).inputValue()).toBe(formatDate(next15));
        await bill.getByRole('button', { name: 'Escolher Vencimento no calendário' }).click();
        await calendar.waitFor();
        await screenshot(page, `inputs-calendario-${tag}`);
        // The chosen day has the focus: a week on with the arrow, a month on with Page Down, Enter.
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('PageDown');
        await page.keyboard.press('Enter');
        const picked = nextMonthSameDay(addDays(next15, 7));
        expect(await bill.getByLabel('Vencimento', { exact: true }).inputValue()).toBe(formatDate(picked));
        await bill.getByRole('button', { name: 'Criar Conta' }).click();
        await page.getByText('Conta a pagar criada com sucesso!').first().waitFor();
        expect(await payableBy(`Calendário ${tag}`)).toMatchObject({ amount: 412.37, due_date: picked });
      });

      it('Contas a Receber: as datas do filtro digitadas', async () => {
        for (const [description, due_date] of [
          [`Dentro ${tag}`, '2027-03-15'],
          [`Fora ${tag}`, '2027-04-15'],
        ] as const) {
          const made = await api(server, 'POST', '/api/accounts-receivable', {
            token,
            body: { description, customer_id: customer.id, amount: 10, due_date },
          });
          expect(made.status).toBe(201);
        }
        await page.goto(`${server.demoUrl}/receber`);
        await page.getByText(`Fora ${tag}`).first().waitFor();
        const start = page.getByLabel('Data inicial', { exact: true });
        const end = page.getByLabel('Data final', { exact: true });
        await clickAndType(page, start, '01032027');
        await clickAndType(page, end, '31032027');
        expect(await start.inputValue()).toBe('01/03/2027');
        expect(await end.inputValue()).toBe('31/03/2027');
        await page.getByText(`Fora ${tag}`).first().waitFor({ state: 'detached' });
        await page.getByText(`Dentro ${tag}`).first().waitFor();
        await screenshot(page, `inputs-filtro-receber-${tag}`);
      });

      it('Nova Venda: produto escolhido com Enter, 2 digitado é 2 e Enter adiciona 2', async () => {
        await chooseBySku();
        await page.keyboard.type('2');
        expect(await page.getByLabel('Quantidade', { exact: true }).inputValue()).toBe('2');
        await page.keyboard.press('Enter');
        const line = page.getByLabel(`Quantidade de Meia Esportiva ${tag}`);
        await line.waitFor();
        expect(await line.inputValue()).toBe('2');
      });

      it('Nova Venda: uma adição recusada por estoque limpa Adicionar Produto', async () => {
        const search = page.getByPlaceholder('Buscar produto por código ou nome...');
        const quantity = page.getByLabel('Quantidade', { exact: true });
        await chooseBySku();
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type('9');
        await page.keyboard.press('Enter');
        await page.getByText('Você solicitou 9 unidades, mas só há 5 disponíveis em estoque.').waitFor();
        expect(await search.inputValue()).toBe('');
        expect(await quantity.inputValue()).toBe('1');
        await screenshot(page, `inputs-estoque-recusado-${tag}`);
      });

      it('Nova Venda: finalizada offline, diz que fica neste dispositivo', async () => {
        await chooseBySku();
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type('2');
        await page.keyboard.press('Enter');
        await page.getByLabel(`Quantidade de Meia Esportiva ${tag}`).waitFor();
        await chooseCustomer(page, customer.name);
        await browser.context.setOffline(true);
        try {
          await page.getByText('Offline', { exact: true }).first().waitFor();
          await page.getByRole('button', { name: 'Finalizar Venda' }).click();
          await page
            .getByText(`Venda finalizada! Cliente: ${customer.name} | Total: R$ 25,00 | Pagamento: Dinheiro`)
            .waitFor();
          await page.getByText('Salva neste dispositivo; será enviada quando a conexão voltar.').waitFor();
          await screenshot(page, `inputs-venda-offline-${tag}`);
        } finally {
          await browser.context.setOffline(false);
        }
      });
    });
  }
});
