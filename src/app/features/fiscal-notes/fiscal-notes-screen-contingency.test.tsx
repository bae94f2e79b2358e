// Notas Fiscais, a rejected note issued in offline contingency, with the API faked at fetch:
// its detail says what to fix and that 'Reenviar' makes it again with the same access key
// (the DANFE the customer holds stays valid); a note the server refused itself (the till's
// key removed) is said as such; past the deadline the screen says SEFAZ decides, and the
// answer's notice reaches the admin in the toast.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import { ADMIN, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { expectToast, text } from '../../test/screen-text';
import { contingencyKey, detailOf, note } from './notes-fixtures';

const REFUSED_WHY =
  'A chave deste caixa foi removida em 28/11/2026 por Ana: uma nota assinada por ela depois disso não é aceita. A nota não foi aceita.';
const WHAT_TO_FIX =
  'A nota não chegou à SEFAZ: o caixa a assinou com uma chave já removida. Use Reenviar: ela é refeita no servidor com o mesmo número e a mesma chave de acesso, assinada pelo certificado da loja, e enviada. O DANFE já entregue ao cliente continua valendo: não é impresso de novo.';
const NOTICE =
  'O prazo para transmitir esta nota em contingência já passou (prazo vencido há 3 horas): ela foi refeita e posta na fila mesmo assim, e a SEFAZ decide se a aceita. Se ela recusar, fale com o contador.';

let server: FakeServer;

function serve(n: ReturnType<typeof note>) {
  server.on('GET', '/api/fiscal/notes', () => ({
    body: { success: true, data: { notes: [n], pagination: { page: 1, limit: 20, total: 1, totalPages: 1 } } },
  }));
  server.on('GET', `/api/fiscal/notes/${n.id}`, () => ({ body: { success: true, data: detailOf(n) } }));
}

async function openDetail(number: number) {
  const rendered = renderApp('/notas-fiscais');
  await rendered.user.click(await screen.findByRole('button', { name: new RegExp(`NFC-e nº ${number}`) }));
  return { ...rendered, dialog: await screen.findByRole('dialog', { name: `NFC-e nº ${number}, série 1` }) };
}

beforeEach(() => {
  server = createFakeServer();
  signedInAs(server, ADMIN);
});

describe('Notas Fiscais: a rejected contingency note', () => {
  it("refused by the server for the till's removed key: said so, what to do, and the deadline passed; 'Reenviar' tells the answer's notice", async () => {
    const past = new Date(Date.now() - 2 * 3_600_000 - 60_000).toISOString();
    const refused = note(41, 'rejeitada', { key: contingencyKey(41), emission_type: 9, contingency_deadline: past, reason: REFUSED_WHY, what_to_fix: WHAT_TO_FIX }); // prettier-ignore
    serve(refused);
    server.on('POST', `/api/fiscal/notes/${refused.id}/resend`, () => ({
      body: {
        success: true,
        data: { ...refused, status: 'pendente', reason: null, what_to_fix: null, notice: NOTICE },
      },
    }));
    const { user, dialog } = await openDetail(41);
    const rejection = text(await within(dialog).findByRole('note', { name: 'Rejeição' }));
    expect(rejection).toContain(`Recusada pelo servidor: ${REFUSED_WHY}`);
    expect(rejection).not.toContain('SEFAZ (');
    expect(rejection).toContain(`O que fazer: ${WHAT_TO_FIX}`);
    expect(rejection).toContain(
      'O prazo para transmitir esta nota em contingência já passou (prazo vencido há 3 horas). Reenviar ainda a refaz e envia: a SEFAZ decide se a aceita.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar' }));
    await expectToast(
      'Nota reenviada',
      `A nota em contingência foi refeita com os dados de hoje, com o mesmo número e a mesma chave de acesso, assinada pelo certificado da loja e posta na fila. ${NOTICE}`,
    );
    expect(server.callsTo('POST', `/api/fiscal/notes/${refused.id}/resend`)).toHaveLength(1);
  });

  it('rejected by SEFAZ within the deadline: its code and what to fix, no late warning; the toast without a notice', async () => {
    const soon = new Date(Date.now() + 5 * 3_600_000).toISOString();
    const fix = 'Um produto está com NCM que não existe: corrija o NCM em Produtos. Depois use Reenviar: a nota em contingência é refeita no servidor com o mesmo número e a mesma chave de acesso.'; // prettier-ignore
    const rejected = note(42, 'rejeitada', { key: contingencyKey(42), emission_type: 9, contingency_deadline: soon, cstat: 778, reason: 'Rejeição: Informado NCM inexistente', what_to_fix: fix }); // prettier-ignore
    serve(rejected);
    server.on('POST', `/api/fiscal/notes/${rejected.id}/resend`, () => ({
      body: { success: true, data: { ...rejected, status: 'pendente', cstat: null, reason: null, notice: null } },
    }));
    const { user, dialog } = await openDetail(42);
    const rejection = text(await within(dialog).findByRole('note', { name: 'Rejeição' }));
    expect(rejection).toContain('Rejeitada pela SEFAZ (778): Rejeição: Informado NCM inexistente');
    expect(rejection).toContain(`O que fazer: ${fix}`);
    expect(rejection).not.toContain('prazo');
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar' }));
    await expectToast(
      'Nota reenviada',
      'A nota em contingência foi refeita com os dados de hoje, com o mesmo número e a mesma chave de acesso, assinada pelo certificado da loja e posta na fila.',
    );
  });
});

describe('Notas Fiscais: a note replaced by the till\'s contingency note (the note in doubt)', () => {
  it('the row and the detail say which note replaced it; no Reenviar; the cancel by substitution is named', async () => {
    const replaced = note(12, 'cancelada', {
      replaced_by: { id: '00000000-0000-4000-8000-00000000fe13', series: 1, number: 13 },
      replacement_notice: null,
    });
    server.on('GET', '/api/fiscal/notes', () => ({
      body: { success: true, data: { notes: [replaced], pagination: { page: 1, limit: 20, total: 1, totalPages: 1 } } }, // prettier-ignore
    }));
    server.on('GET', `/api/fiscal/notes/${replaced.id}`, () => ({
      body: {
        success: true,
        data: {
          ...detailOf(replaced),
          events: [
            { type: '110112', sequence: 1, cstat: 135, reason: 'Evento registrado e vinculado a NF-e', protocol: '135260000000777', justification: 'Nota substituida pela NFC-e 13 serie 1 emitida em contingencia', registered_at: '2026-11-30T12:00:00.000Z' }, // prettier-ignore
          ],
        },
      },
    }));
    const rendered = renderApp('/notas-fiscais');
    const row = await screen.findByRole('button', { name: /NFC-e nº 12/ });
    expect(text(row)).toContain('Substituída pela NFC-e nº 13 emitida em contingência');
    await rendered.user.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'NFC-e nº 12, série 1' });
    expect(text(within(dialog).getByRole('note', { name: 'Substituída' }))).toBe(
      'Substituída pela NFC-e nº 13 emitida em contingência.',
    );
    expect(text(within(dialog).getByRole('region', { name: 'Eventos' }))).toContain('Cancelamento por substituição · 135');
    expect(within(dialog).queryByRole('button', { name: 'Reenviar' })).toBeNull();
  });
});
