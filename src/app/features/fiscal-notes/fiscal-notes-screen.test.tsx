// Notas Fiscais with the API faked at fetch: the list with its status badges and filters
// sent as the contract has them; a rejected note's detail with SEFAZ's code, reason and
// what to fix, the XML, and 'Reenviar'; 'Cancelar nota' asking for a justification whose
// characters are counted and refused under 15; 'Numeração' voiding a run; 'Baixar XML do
// mês' asking the month's ZIP; the menu entry for admins only.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import { ADMIN, CASHIER, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { expectToast, text } from '../../test/screen-text';
import { AUTHORIZED, contingencyKey, detailOf, note, REJECTED } from './notes-fixtures';

let server: FakeServer;

beforeEach(() => {
  server = createFakeServer();
  signedInAs(server, ADMIN);
  server.on('GET', '/api/fiscal/notes', () => ({
    body: {
      success: true,
      data: { notes: [REJECTED, AUTHORIZED], pagination: { page: 1, limit: 20, total: 2, totalPages: 1 } },
    },
  }));
  server.on('GET', `/api/fiscal/notes/${REJECTED.id}`, () => ({ body: { success: true, data: detailOf(REJECTED) } }));
  server.on('GET', `/api/fiscal/notes/${AUTHORIZED.id}`, () => ({ body: { success: true, data: detailOf(AUTHORIZED) } })); // prettier-ignore
  server.on('GET', '/api/fiscal/gaps', () => ({
    body: { success: true, data: { gaps: [{ series: 1, first: 3, last: 4 }] } },
  }));
});

async function openScreen() {
  const rendered = renderApp('/notas-fiscais');
  await screen.findByRole('heading', { name: 'Notas Fiscais' });
  return rendered;
}

describe('Notas Fiscais', () => {
  it('lists the notes with their status, and sends the filters as the contract has them', async () => {
    const { user } = await openScreen();
    const list = await screen.findByRole('list', { name: 'Notas fiscais' });
    const rows = within(list).getAllByRole('listitem');
    expect(text(rows[0]!)).toContain('NFC-e nº 12 série 1');
    expect(text(rows[0]!)).toContain('Rejeitada');
    expect(text(rows[0]!)).toContain('778: Rejeição: Informado NCM inexistente');
    expect(text(rows[1]!)).toContain('Autorizada');
    expect(text(rows[1]!)).toContain('29/11/2026 10:05');

    await user.selectOptions(screen.getByLabelText('Situação'), 'rejeitada');
    await user.type(screen.getByLabelText('Série'), '1a');
    await waitFor(() => {
      const last = server.callsTo('GET', '/api/fiscal/notes').at(-1)!;
      expect(last.url.searchParams.get('status')).toBe('rejeitada');
      expect(last.url.searchParams.get('series')).toBe('1');
      expect(last.url.searchParams.get('page')).toBe('1');
    });
  });

  it("a rejected note's detail says SEFAZ's code and reason, what to fix, shows the XML; 'Reenviar' sends it back", async () => {
    server.on('POST', `/api/fiscal/notes/${REJECTED.id}/resend`, () => ({
      body: { success: true, data: { ...REJECTED, status: 'pendente', cstat: null, reason: null } },
    }));
    const { user } = await openScreen();
    await user.click(await screen.findByRole('button', { name: /NFC-e nº 12/ }));
    const dialog = await screen.findByRole('dialog', { name: 'NFC-e nº 12, série 1' });
    const rejection = await within(dialog).findByRole('note', { name: 'Rejeição' });
    expect(text(rejection)).toContain('Rejeitada pela SEFAZ (778): Rejeição: Informado NCM inexistente');
    expect(text(rejection)).toContain('O que fazer: Um item tem NCM inexistente.');
    expect(text(within(dialog).getByRole('region', { name: 'XML da nota' }))).toContain('<nfeProc><NFe>12</NFe></nfeProc>'); // prettier-ignore
    expect(within(dialog).queryByRole('button', { name: 'Cancelar nota' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar' }));
    await expectToast(
      'Nota reenviada',
      'A nota foi refeita com os dados de hoje, com o mesmo número, assinada de novo e posta na fila.',
    );
    expect(
      server.callsTo('POST', `/api/fiscal/notes/${REJECTED.id}/resend`)[0]!.headers['Idempotency-Key'],
    ).toBeTruthy();
  });

  it('a note of a sale cancelled in Balcão says what became of it: waiting for SEFAZ, valid, or discarded', async () => {
    const waiting = note(21, 'pendente', { sale_cancelled: true, cancel_requested: true });
    const valid = note(22, 'autorizada', { sale_cancelled: true });
    const discarded = note(23, 'descartada', { sale_cancelled: true });
    server.on('GET', '/api/fiscal/notes', () => ({
      body: { success: true, data: { notes: [discarded, valid, waiting], pagination: { page: 1, limit: 20, total: 3, totalPages: 1 } } }, // prettier-ignore
    }));
    for (const n of [waiting, valid, discarded])
      server.on('GET', `/api/fiscal/notes/${n.id}`, () => ({ body: { success: true, data: detailOf(n) } }));
    const { user } = await openScreen();
    const list = await screen.findByRole('list', { name: 'Notas fiscais' });
    expect(text(within(list).getAllByRole('listitem')[0]!)).toContain('Descartada');
    expect(text(within(list).getAllByRole('listitem')[0]!)).toContain('Venda #A-0042 · cancelada no Balcão');
    const says = async (number: number) => {
      await user.click(within(list).getByRole('button', { name: new RegExp(`NFC-e nº ${number}`) }));
      const dialog = await screen.findByRole('dialog', { name: `NFC-e nº ${number}, série 1` });
      const said = text(await within(dialog).findByRole('note', { name: 'Venda cancelada' }));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      return said;
    };
    expect(await says(21)).toContain('Assim que a SEFAZ responder, o Balcão cancela a nota');
    expect(await says(22)).toContain('mas a nota continua válida (fora do prazo de cancelamento)');
    expect(await says(23)).toContain('Inutilize o número 23 em Numeração');
  });

  it('a note issued in contingency says so and, until authorized, by when it must reach SEFAZ', async () => {
    const soon = new Date(Date.now() + 5 * 3_600_000 + 30 * 60_000).toISOString();
    const past = new Date(Date.now() - 2 * 3_600_000 - 60_000).toISOString();
    const pending = note(31, 'pendente', { key: contingencyKey(31), emission_type: 9, contingency_deadline: soon });
    // Refused by the server itself (the till's key was removed): a reason without a SEFAZ code.
    const refusedWhy = 'A chave deste caixa foi removida em 28/11/2026: a nota não foi aceita.';
    const late = note(32, 'rejeitada', { key: contingencyKey(32), emission_type: 9, contingency_deadline: past, reason: refusedWhy }); // prettier-ignore
    const sent = note(33, 'autorizada', { key: contingencyKey(33), emission_type: 9 });
    server.on('GET', '/api/fiscal/notes', () => ({
      body: { success: true, data: { notes: [pending, late, sent, AUTHORIZED], pagination: { page: 1, limit: 20, total: 4, totalPages: 1 } } }, // prettier-ignore
    }));
    await openScreen();
    const rows = within(await screen.findByRole('list', { name: 'Notas fiscais' })).getAllByRole('listitem');
    const when = (iso: string) =>
      new Date(iso).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });
    expect(text(rows[0]!)).toContain('Contingência');
    expect(text(rows[0]!)).toContain(`Enviar à SEFAZ até ${when(soon)} (vence em 5 horas)`);
    expect(text(rows[1]!)).toContain(`Enviar à SEFAZ até ${when(past)} (prazo vencido há 3 horas)`);
    expect(text(rows[1]!)).toContain(refusedWhy);
    expect(text(rows[2]!)).toContain('Contingência');
    expect(text(rows[2]!)).not.toContain('Enviar à SEFAZ');
    expect(text(rows[3]!)).not.toContain('Contingência');
  });

  it("'Cancelar nota' counts the justification's characters, refuses it under 15, then sends it", async () => {
    server.on('POST', `/api/fiscal/notes/${AUTHORIZED.id}/cancel`, ({ body }) => ({
      body: {
        success: true,
        data: detailOf({ ...AUTHORIZED, status: 'cancelada', cancel_reason: (body as { justification: string }).justification }), // prettier-ignore
      },
    }));
    const { user } = await openScreen();
    await user.click(await screen.findByRole('button', { name: /NFC-e nº 11/ }));
    const dialog = await screen.findByRole('dialog', { name: 'NFC-e nº 11, série 1' });
    await user.click(await within(dialog).findByRole('button', { name: 'Cancelar nota' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancelar a NFC-e nº 11' });
    const field = within(confirm).getByLabelText('Justificativa');
    await user.type(field, 'Desistiu');
    expect(text(confirm)).toContain('8/255 caracteres (mínimo 15)');
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar nota' }));
    expect(text(confirm)).toContain('Escreva pelo menos 15 caracteres (faltam 7).');
    expect(server.callsTo('POST', `/api/fiscal/notes/${AUTHORIZED.id}/cancel`)).toHaveLength(0);
    await user.type(field, ' da compra no caixa');
    expect(text(confirm)).toContain('27/255 caracteres');
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar nota' }));
    await expectToast('Nota cancelada', 'NFC-e nº 11: cancelamento registrado na SEFAZ.');
    expect(server.callsTo('POST', `/api/fiscal/notes/${AUTHORIZED.id}/cancel`)[0]!.body).toEqual({
      justification: 'Desistiu da compra no caixa',
    });
  });

  it('a refused cancel is said as the server says it (the note stands, outside the window)', async () => {
    const refusal = 'A nota foi autorizada em 29/11/2026 10:05 e o prazo de cancelamento (30 minutos) terminou: ela continua válida.'; // prettier-ignore
    server.on('POST', `/api/fiscal/notes/${AUTHORIZED.id}/cancel`, () => ({
      status: 409,
      body: { success: false, code: 'CONFLICT', error: refusal },
    }));
    const { user } = await openScreen();
    await user.click(await screen.findByRole('button', { name: /NFC-e nº 11/ }));
    await user.click(await screen.findByRole('button', { name: 'Cancelar nota' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.type(within(confirm).getByLabelText('Justificativa'), 'Cliente desistiu da compra');
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar nota' }));
    await expectToast('A nota não foi cancelada', refusal);
  });

  it("'Numeração' lists the skipped runs and voids one; 'Baixar XML do mês' asks the month's ZIP", async () => {
    server.on('POST', '/api/fiscal/inutilizations', ({ body }) => ({
      status: 201,
      body: { success: true, data: { id: '7b0c6f0e-1c1a-4d5e-9f00-0000000000f1', ...(body as object), status: 'homologada', protocol: '135260000000099', cstat: 102, reason: 'Inutilização de número homologado', created_at: '2026-11-29T13:05:09.000Z' } }, // prettier-ignore
    }));
    server.on('GET', '/api/fiscal/notes/export', () => ({ body: { zip: true } }));
    const created = vi.fn(() => 'blob:zip');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const { user } = await openScreen();
    await user.click(screen.getByRole('tab', { name: 'Numeração' }));
    const gaps = await screen.findByRole('list', { name: 'Números saltados' });
    expect(text(gaps)).toContain('Série 1: nº 3 a 4');
    await user.click(within(gaps).getByRole('button', { name: 'Inutilizar' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Inutilizar série 1, nº 3 a 4' });
    await user.type(within(confirm).getByLabelText('Justificativa'), 'Números saltados por falha');
    await user.click(within(confirm).getByRole('button', { name: 'Inutilizar' }));
    await expectToast('Números inutilizados', 'Série 1, nº 3 a 4: protocolo 135260000000099.');
    expect(server.callsTo('POST', '/api/fiscal/inutilizations')[0]!.body).toEqual({
      series: 1,
      first: 3,
      last: 4,
      justification: 'Números saltados por falha',
    });

    // Months in Portuguese whatever the browser's language, newest first, five years of them.
    const month = screen.getByLabelText('Mês') as HTMLSelectElement;
    const months = within(month).getAllByRole('option');
    expect(months).toHaveLength(60);
    expect(months[0]!.textContent).toMatch(
      /^(janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro) de \d{4}$/,
    );
    const wanted = months[2]!.getAttribute('value')!; // two months ago
    await user.selectOptions(month, wanted);
    expect(month.value).toBe(wanted);
    await user.click(screen.getByRole('button', { name: 'Baixar XML do mês' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const asked = server.callsTo('GET', '/api/fiscal/notes/export')[0]!;
    expect(asked.url.searchParams.get('month')).toBe(wanted);
    expect(asked.headers.Authorization).toMatch(/^Bearer /);
  });

  it("'Numeração': an inutilização SEFAZ did not answer is shown em dúvida; 'Tentar de novo' sends the same range", async () => {
    const doubt = { id: '7b0c6f0e-1c1a-4d5e-9f00-0000000000f2', series: 1, first: 6, last: 8, justification: 'Números saltados por falha do caixa', status: 'pendente', protocol: null, cstat: null, reason: 'A SEFAZ não respondeu', created_at: '2026-11-29T13:05:09.000Z' }; // prettier-ignore
    let answered = false;
    server.on('GET', '/api/fiscal/gaps', () => ({
      body: { success: true, data: { gaps: [{ series: 1, first: 3, last: 4 }], in_doubt: answered ? [] : [doubt] } },
    }));
    let first = true;
    server.on('POST', '/api/fiscal/inutilizations', ({ body }) => {
      // The dialog's range: SEFAZ silent again; the retry: SEFAZ says it was voided (563).
      const silent = first;
      first = false;
      if (!silent) answered = true;
      return {
        status: 201,
        body: { success: true, data: silent
          ? { ...doubt, ...(body as object), id: '7b0c6f0e-1c1a-4d5e-9f00-0000000000f3' }
          : { ...doubt, status: 'homologada', protocol: null, cstat: 563, reason: 'Rejeição: Já existe pedido de Inutilização com a mesma faixa de inutilização' } }, // prettier-ignore
      };
    });
    const { user } = await openScreen();
    await user.click(screen.getByRole('tab', { name: 'Numeração' }));
    // A new range SEFAZ does not answer: the admin is told it is in doubt.
    const gaps = await screen.findByRole('list', { name: 'Números saltados' });
    await user.click(within(gaps).getByRole('button', { name: 'Inutilizar' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Inutilizar série 1, nº 3 a 4' });
    await user.type(within(confirm).getByLabelText('Justificativa'), 'Números saltados por falha');
    await user.click(within(confirm).getByRole('button', { name: 'Inutilizar' }));
    await expectToast('A SEFAZ não respondeu', 'A inutilização ficou em dúvida: a SEFAZ pode ter inutilizado os números. Use "Tentar de novo" em Numeração.'); // prettier-ignore

    const inDoubt = await screen.findByRole('region', { name: 'Inutilizações em dúvida' });
    expect(text(inDoubt)).toContain('Série 1: nº 6 a 8');
    await user.click(within(inDoubt).getByRole('button', { name: 'Tentar de novo' }));
    await expectToast('Números inutilizados', 'Série 1, nº 6 a 8: a SEFAZ confirmou que já estavam inutilizados.');
    expect(server.callsTo('POST', '/api/fiscal/inutilizations')[1]!.body).toEqual({
      series: 1,
      first: 6,
      last: 8,
      justification: 'Números saltados por falha do caixa',
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Inutilizações em dúvida' })).toBeNull());
  });

  it('is in the menu for admins only', async () => {
    await openScreen();
    expect(screen.getAllByRole('link', { name: 'Notas Fiscais' }).length).toBeGreaterThan(0);
  });
});

describe('Notas Fiscais for a cashier', () => {
  it('has no menu entry', async () => {
    signedInAs(server, CASHIER);
    renderApp('/');
    await screen.findAllByRole('link', { name: 'Dashboard' });
    expect(screen.queryByRole('link', { name: 'Notas Fiscais' })).toBeNull();
  });
});
