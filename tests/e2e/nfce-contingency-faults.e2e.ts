// Faults of the offline contingency, in the real Chromium against the real server and the
// stand-in SEFAZ. Two tabs of one till, offline, finish a sale at the same moment: two notes,
// two numbers in a row, each authorized once when the connection returns. An admin removes
// the till's key while the till is offline: the note it signs after is refused by the server
// (the receipt and the queue say why; the till drops its key when it hears of the removal),
// shown in Notas Fiscais as rejected, and 'Reenviar' makes it again on the server with the
// same number and access key, authorized once. A store on the QR Code v2 (production's, in
// every state): the till holding the key gets the CSC, and its note's QR v2 offline passes the
// stand-in's hash check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/api';
import { screenshot } from './support/browser';
import {
  closeContingencyTill,
  importTillKey,
  openContingencyTill,
  setTillOnline,
  type ContingencyTill,
} from './support/contingency-till';
import { idbAll, idbCount, until } from './support/idb';
import { addProduct, tillReady } from './support/till';

let till: ContingencyTill;

interface QueuedNote {
  kind: string;
  status: string;
  lastError: string | null;
  body: { sale_id: string; number: number; access_key: string };
}
interface KeptSale {
  id: string;
  number?: string;
  receipt?: { fiscalNote?: { number: number; status: string; reason: string | null } };
}

const queuedNotes = async () => (await idbAll<QueuedNote>(till.page, 'outbox')).filter((e) => e.kind === 'fiscal-note'); // prettier-ignore
const authorizedOnce = async (key: string) =>
  (await till.sefaz.log()).filter((r) => r.service === 'authorize' && r.key === key && r.cstat === 100).length === 1;
const keyed = () => ({ token: till.adminToken, headers: { 'idempotency-key': crypto.randomUUID() } });

beforeAll(async () => {
  till = await openContingencyTill();
  await importTillKey(till);
});

afterAll(() => closeContingencyTill(till));

describe('Contingência off-line: falhas (tablet 820 px)', () => {
  it('duas abas do mesmo caixa, sem internet, finalizam juntas: dois números seguidos, cada nota autorizada uma vez', async () => {
    const { page, server, product } = till;
    const second = await till.browser.context.newPage();
    await second.goto(`${server.demoUrl}/vendas`);
    await tillReady(second);
    await setTillOnline(till, [page, second], false);
    for (const tab of [page, second]) await addProduct(tab, product, 1);
    await Promise.all([page, second].map((tab) => tab.getByRole('button', { name: 'Finalizar Venda' }).click()));
    await until(async () => (await queuedNotes()).length === 2, 'as duas notas na fila');
    const numbers = (await queuedNotes()).map((e) => e.body.number).sort((a, b) => a - b);
    expect(numbers[1]! - numbers[0]!).toBe(1);
    // Two sales with their own numbers too.
    const sales = await idbAll<KeptSale>(page, 'sales');
    expect(new Set(sales.map((s) => s.number)).size).toBe(sales.length);

    const keys = (await queuedNotes()).map((e) => e.body.access_key);
    await setTillOnline(till, [page, second], true);
    await until(async () => (await idbCount(page, 'outbox')) === 0, 'entrega da fila', 90_000);
    for (const key of keys) await until(() => authorizedOnce(key), `a nota ${key} autorizada uma vez`, 60_000);
    await second.close();
  });

  it('a chave removida com o caixa sem internet: a nota assinada depois é recusada e mostrada; Reenviar a refaz no servidor', async () => {
    const { page, server, product } = till;
    await setTillOnline(till, [page], false);
    // Another admin removes this till's key through the API; the till does not know yet.
    const listed = await api<{ data: { keys: { id: string; revoked_at: string | null }[] } }>(server, 'GET', '/api/fiscal/till-keys', { token: till.adminToken }); // prettier-ignore
    const inForce = listed.body.data.keys.find((k) => k.revoked_at === null)!;
    const revoked = await api(server, 'POST', `/api/fiscal/till-keys/${inForce.id}/revoke`, keyed());
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    // The note's dhEmi is written to the second: one signed in the second of the removal may
    // stand (the server checks the key at dhEmi). The cashier's next sale comes later.
    await new Promise((r) => setTimeout(r, 1_100));

    await addProduct(page, product, 1);
    await page.getByRole('button', { name: 'Finalizar Venda' }).click();
    await until(async () => (await queuedNotes()).length === 1, 'a nota na fila');
    const [{ body: upload }] = (await queuedNotes()) as [QueuedNote];

    await setTillOnline(till, [page], true);
    // The server refuses it, keeps it for the admin; the queue and the receipt say why.
    await until(async () => (await queuedNotes())[0]?.status === 'rejected', 'a recusa da nota', 60_000);
    expect((await queuedNotes())[0]!.lastError).toContain('A chave deste caixa foi removida');
    const sale = (await idbAll<KeptSale>(page, 'sales')).find((s) => s.id === upload.sale_id)!;
    expect(sale.receipt!.fiscalNote).toMatchObject({ number: upload.number, status: 'rejeitada' });
    expect(sale.receipt!.fiscalNote!.reason).toContain('A chave deste caixa foi removida');
    // The bar says so in a cashier's words; Nova Venda no longer counts it as waiting.
    await expect
      .poll(() => page.getByTestId('sale-note-status').textContent())
      .toBe('NFC-e recusada pelo servidor. A venda está feita; o administrador foi avisado e vai corrigir a nota.');
    expect(await page.getByTestId('contingency-queue-notice').count()).toBe(0);
    // Back online the till hears of the removal and drops its key.
    await until(async () => (await idbCount(page, 'tillKeys')) === 0, 'a chave apagada no caixa', 30_000);
    await screenshot(page, 'nfce-contingencia-falhas-01-chave-removida-820');

    type Row = { id: string; key: string; status: string; reason: string | null };
    const note = async () =>
      (await api<{ data: { notes: Row[] } }>(server, 'GET', `/api/fiscal/notes?q=${upload.access_key}`, { token: till.adminToken })).body.data.notes[0]!; // prettier-ignore
    expect(await note()).toMatchObject({ status: 'rejeitada' });
    expect((await note()).reason).toContain('A chave deste caixa foi removida');
    const resent = await api(server, 'POST', `/api/fiscal/notes/${(await note()).id}/resend`, keyed());
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    await until(async () => (await note()).status === 'autorizada', 'a nota refeita autorizada', 60_000);
    expect(await authorizedOnce(upload.access_key)).toBe(true);
  });

  it('uma loja no QR Code v2 (o da produção): o caixa com a chave recebe o CSC e a nota em contingência sai em v2, autorizada', async () => {
    const { page, server, product } = till;
    const v2 = await api(server, 'PUT', '/api/fiscal/settings', { ...keyed(), body: { qr_version: 2 } });
    expect(v2.status, JSON.stringify(v2.body)).toBe(200);
    // The key imported again (the last test removed it): the till asks for its fiscal view then.
    await importTillKey(till);
    await setTillOnline(till, [page], false);
    await addProduct(page, product, 1);
    await page.getByRole('button', { name: 'Finalizar Venda' }).click();
    await until(async () => (await queuedNotes()).some((e) => e.status === 'pending'), 'a nota na fila');
    const upload = (await queuedNotes()).find((e) => e.status === 'pending')!.body;
    const sale = (await idbAll<KeptSale & { receipt?: { fiscalNote?: { qr_code: string } } }>(page, 'sales')).find((s) => s.id === upload.sale_id)!; // prettier-ignore
    // chave|2|tpAmb|dd|vNF|digVal in hex|idCSC|hash: the stand-in checks the hash with the store's CSC.
    expect(sale.receipt!.fiscalNote!.qr_code).toMatch(new RegExp(`\\?p=${upload.access_key}\\|2\\|2\\|\\d{2}\\|[\\d.]+\\|[0-9a-f]{56}\\|1\\|[0-9A-F]{40}$`)); // prettier-ignore
    await setTillOnline(till, [page], true);
    await until(() => authorizedOnce(upload.access_key), 'a nota v2 autorizada uma vez', 60_000);
  });
});
