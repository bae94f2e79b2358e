// Relatórios Financeiros' Exportar over the real app, the API faked at fetch: the CSV of
// the open tab, its figures the report's, growth against an empty period with its reason,
// and the margins with every product.
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MARGIN_ANALYSIS_EXPORT_PRODUCTS } from '../../../shared/contract/reports';
import { addDays } from '../../../shared/dates';
import { csvCentavos, parseCsv } from '../../test/csv-parse';
import { renderApp } from '../../test/render-app';
import { fakeReportsServer, params, serve, serveNoBase, today } from './reports-screen-fixtures';

const fake = fakeReportsServer();

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
    expect(fake.server.callsTo('GET', '/api/financial-reports/dre')).toHaveLength(1);
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
