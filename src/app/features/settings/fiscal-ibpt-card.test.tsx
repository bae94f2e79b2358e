// Configurações > Fiscal > 'Tributos aproximados (IBPT)' with the API faked at fetch: a
// state-sized Latin-1 file read here with its progress shown, then sent in base64 with its
// name and the table shown; a file with bad lines listed by line and not sent; the server's
// refusal listed the same way; the server's warnings shown.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ibptTable, latin1 } from '../../../shared/fiscal/test/ibpt-sample';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import { ADMIN, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { expectToast, text } from '../../test/screen-text';

let server: FakeServer;
const TABLE = {
  version: '26.1.A',
  valid_from: '2026-01-01',
  valid_until: '2026-12-31',
  count: 13_006,
  imported_at: '2026-11-29T14:30:00.000Z',
  uf: 'SP',
  source: 'IBPT/empresometro.com.br',
  key: '8A3F1C',
  in_force: true,
};
const LABEL = 'Arquivo da tabela (TabelaIBPTax<UF>...csv, de deolhonoimposto.ibpt.org.br)';

let table: typeof TABLE | null;

beforeEach(() => {
  server = createFakeServer();
  signedInAs(server, ADMIN);
  table = null;
  server.on('GET', '/api/fiscal/settings', () => ({
    body: {
      success: true,
      data: {
        emitter: null, crt: 1, environment: 'homologacao', tech_responsible: null, csc_id: null, qr_version: null,
        emission_enabled: false, product_defaults: { cfop: '5102', csosn: '102', origin: 0 }, csc_set: false,
        qr_version_in_use: null, tills: [], certificate: null, emission_problems: [],
      },
    },
  })); // prettier-ignore
  server.on('GET', '/api/fiscal/ibpt', () => ({ body: { success: true, data: table } }));
});

async function openIbpt() {
  const rendered = renderApp('/configuracoes');
  await rendered.user.click(await screen.findByRole('tab', { name: 'Fiscal' }));
  await screen.findByRole('heading', { name: 'Tributos aproximados (IBPT)' });
  return rendered;
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('Configurações > Fiscal > Tributos aproximados (IBPT)', () => {
  it("reads a state's table with its progress shown, sends it, then shows the table and the warnings", async () => {
    server.on('POST', '/api/fiscal/ibpt', async () => {
      table = TABLE;
      const warning = 'A tabela vale de 01/01/2026 a 31/12/2026.';
      return { body: { success: true, data: { table: TABLE, skipped: 2, warnings: [warning] } } };
    });
    const { user } = await openIbpt();
    expect(await screen.findByText('Nenhuma tabela importada.')).toBeTruthy();
    const bytes = latin1(ibptTable(13_000));
    await user.upload(
      screen.getByLabelText(LABEL),
      new File([bytes], 'TabelaIBPTaxSP26.1.A.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Importar tabela' }));
    const progress = await screen.findByText(/^Lendo o arquivo: linha [\d.]+ de 13\.010$/);
    expect(progress).toBeTruthy();
    await expectToast('Tabela do IBPT importada', 'Versão 26.1.A: 13.006 NCMs.');
    expect(server.callsTo('POST', '/api/fiscal/ibpt').map((c) => c.body)).toEqual([
      { file_base64: base64(bytes), file_name: 'TabelaIBPTaxSP26.1.A.csv' },
    ]);
    const summary = await screen.findByLabelText('Tabela do IBPT da loja');
    expect(text(summary)).toContain('26.1.A (SP)');
    expect(text(summary)).toContain('de 01/01/2026 a 31/12/2026');
    expect(text(summary)).toContain('Em vigor');
    expect(text(summary)).toContain('13.006');
    expect(text(screen.getByLabelText('Avisos da importação'))).toContain('A tabela vale de 01/01/2026 a 31/12/2026.');
    const form = screen.getByRole('button', { name: 'Importar tabela' }).closest('form')!;
    expect(within(form).getByText('Nenhum arquivo escolhido')).toBeTruthy();
  });

  it('lists the bad lines of a file and sends nothing; says a file of another layout is not the table', async () => {
    const { user } = await openIbpt();
    const bad = ibptTable(5)
      .replace('10000014;', '1000001;')
      .replace(';0;Outros queijos;7.85;', ';0;Outros queijos;x;');
    await user.upload(screen.getByLabelText(LABEL), new File([latin1(bad)], 'TabelaIBPTaxSP26.1.A.csv'));
    await user.click(screen.getByRole('button', { name: 'Importar tabela' }));
    const list = await screen.findByRole('list', { name: 'Erros do arquivo' });
    expect([...list.querySelectorAll('li')].map(text)).toEqual([
      "Linha 4: alíquota nacional federal 'x' não é um percentual (ex.: 13.45).",
      "Linha 12: código '1000001' não é um NCM de 8 dígitos.",
    ]);
    await user.upload(screen.getByLabelText(LABEL), new File(['nome;preco\n'], 'produtos.csv'));
    await user.click(screen.getByRole('button', { name: 'Importar tabela' }));
    await waitFor(() =>
      expect(text(screen.getByRole('list', { name: 'Erros do arquivo' }))).toContain('não é a tabela do IBPT'),
    );
    expect(server.callsTo('POST', '/api/fiscal/ibpt')).toEqual([]);
  });

  it('lists the lines the server refused, and shows a table out of force as such', async () => {
    table = { ...TABLE, in_force: false, valid_until: '2026-06-30' };
    server.on('POST', '/api/fiscal/ibpt', () => ({
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION',
        error: 'A tabela do IBPT não foi importada: uma linha com erro.',
        details: { errors: [{ line: 7, message: 'Linha 7: NCM 09012100 repetido (já na linha 2).' }], bad_lines: 3 },
      },
    }));
    const { user } = await openIbpt();
    expect(text(await screen.findByLabelText('Tabela do IBPT da loja'))).toContain('Fora da vigência');
    await user.upload(screen.getByLabelText(LABEL), new File([latin1(ibptTable())], 'TabelaIBPTaxSP26.1.A.csv'));
    await user.click(screen.getByRole('button', { name: 'Importar tabela' }));
    const list = await screen.findByRole('list', { name: 'Erros do arquivo' });
    expect(text(list)).toBe('Linha 7: NCM 09012100 repetido (já na linha 2).');
    expect(screen.getByText('E mais 2 linhas com erro.')).toBeTruthy();
  });
});
