// Relatórios Financeiros over the real app, the API faked at fetch: the period, each
// tab's figures, loading and error texts, margin colours, the DRE's lines, and growth
// against a period without revenue.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/dates';
import { deferred } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { text } from '../../test/screen-text';
import {
  fakeReportsServer,
  figure,
  figureText,
  params,
  rowOf,
  serve,
  serveNoBase,
  today,
} from './reports-screen-fixtures';

fakeReportsServer();

// The first render loads the lazy screen: slow on a busy machine.
describe('Relatórios Financeiros', { timeout: 20_000 }, () => {
  it('opens on Resumo for the last 30 days and asks the chosen period', async () => {
    serve();
    const { user } = renderApp('/relatorios-financeiros');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Relatórios Financeiros' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Resumo',
      'DRE',
      'Balanço',
      'Lucratividade',
      'Margens',
    ]);
    await screen.findByRole('group', { name: 'Receita Total' });
    expect(params('summary')).toEqual({ start_date: addDays(today, -29), end_date: today, as_of_date: today });
    expect(figureText('Receita Total')).toBe('R$ 1.000,00');
    expect(figureText('Lucro Líquido')).toBe('R$ 300,00');
    expect(figureText('Total do Passivo')).toBe('R$ 350,40');
    await user.click(screen.getByRole('button', { name: '7 dias' }));
    await waitFor(() => expect(params('summary').start_date).toBe(addDays(today, -6)));
    await user.click(screen.getByRole('button', { name: '90 dias' }));
    await waitFor(() => expect(params('summary').start_date).toBe(addDays(today, -89)));
  });

  it('lays the DRE out with lines, subtotals and shares of revenue', async () => {
    serve();
    const { user } = renderApp('/relatorios-financeiros');
    await user.click(await screen.findByRole('tab', { name: 'DRE' }));
    await screen.findByRole('rowheader', { name: '(=) Receita Total' });
    // Each cell's own figure: the value cell's first line (the share folded under it is for phones).
    const cells = (label: string) =>
      within(rowOf(label))
        .getAllByRole('cell')
        .map((c) => text(c.firstElementChild ?? c));
    expect(cells('(=) Receita Total')).toEqual(['R$ 1.000,00', '100,00%']);
    expect(cells('Custo dos produtos vendidos')).toEqual(['(R$ 400,00)', '(40,00%)']);
    expect(cells('Mão de obra direta')).toEqual(['R$ 0,00', '0,00%']);
    expect(cells('(=) Lucro Bruto')).toEqual(['R$ 500,00', '50,00%']);
    expect(cells('Administrativas')).toEqual(['(R$ 120,00)', '(12,00%)']);
    expect(cells('Total das despesas operacionais')).toEqual(['(R$ 200,00)', '(20,00%)']);
    expect(cells('(=) Lucro Líquido do Período')).toEqual(['R$ 300,00', '30,00%']);
  });

  it('shows the balance sheet, profitability and margins with their colours', async () => {
    serve();
    const { user } = renderApp('/relatorios-financeiros');
    await user.click(await screen.findByRole('tab', { name: 'Balanço' }));
    await screen.findByRole('rowheader', { name: 'Total do Ativo' });
    expect(params('balance-sheet')).toEqual({ as_of_date: today });
    expect(text(rowOf('Total do Ativo'))).toContain('R$ 2.000,00');
    expect(text(rowOf('Total do Passivo e Patrimônio Líquido'))).toContain('R$ 2.000,00');

    await user.click(screen.getByRole('tab', { name: 'Lucratividade' }));
    await screen.findByRole('group', { name: 'Margem Bruta' });
    expect(figure('Retorno sobre Patrimônio (ROE)').textContent).toBe('18,19%');
    expect(figure('Crescimento do Lucro').textContent).toBe('-10,00%');
    expect(figure('Crescimento do Lucro').className).toContain('text-red-700');
    expect(figure('Variação da Margem Líquida').textContent).toBe('+1,50 p.p.');

    await user.click(screen.getByRole('tab', { name: 'Margens' }));
    const table = await screen.findByRole('table', { name: 'Margem por produto' });
    expect(figure('Margem Média').className).toContain('text-yellow-700');
    const badge = (name: string, shown: string) => within(rowOf(name)).getByText(shown).className;
    expect(badge('Boné "Aba reta"; azul', '40,00%')).toContain('green');
    expect(badge('Camisa', '15,00%')).toContain('yellow');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // Variants share a name: the row says which one (SKU, size / colour).
    expect(within(rowOf('Camisa')).getByText('SKU-2')).toBeTruthy();
    expect(within(rowOf('Camisa')).getByText(/M \/ Branca/)).toBeTruthy();
    // A product without size or colour: its SKU, and nothing where the variant would be.
    expect(text(rowOf('Boné "Aba reta"; azul'))).toContain('SKU-1');
    expect(text(rowOf('Boné "Aba reta"; azul'))).not.toContain('/');
    expect(text(screen.getByRole('group', { name: 'Melhor Margem' }))).not.toContain('/');
    expect(screen.getByText(/Mostrando os 2 produtos de maior receita, de 3 vendidos/)).toBeTruthy();
    expect(figure('Pior Margem').className).toContain('text-red-700');
    // The worst is a variant: the card says which one.
    expect(screen.getByText('Meia · U / Preta')).toBeTruthy();
  });

  it.each([
    ['Resumo', 'summary', 'Carregando resumo financeiro...', 'Erro ao carregar resumo financeiro'],
    ['DRE', 'dre', 'Carregando DRE detalhado...', 'Erro ao carregar DRE detalhado'],
    ['Balanço', 'balance-sheet', 'Carregando balanço patrimonial...', 'Erro ao carregar balanço patrimonial'],
    [
      'Lucratividade',
      'profitability',
      'Carregando relatório de lucratividade...',
      'Erro ao carregar relatório de lucratividade',
    ],
    ['Margens', 'margin-analysis', 'Carregando análise de margens...', 'Erro ao carregar análise de margens'],
  ] as const)('%s shows its loading and error texts', async (tab, report, loading, error) => {
    const gate = deferred<void>();
    serve({
      [report]: async () => {
        await gate.promise;
        return { status: 400, body: { success: false, error: 'Período inválido' } };
      },
    });
    const { user } = renderApp('/relatorios-financeiros');
    await user.click(await screen.findByRole('tab', { name: tab }));
    expect(await screen.findByText(loading)).toBeTruthy();
    gate.resolve();
    expect(await screen.findByText(error)).toBeTruthy();
    expect(screen.getByText('Período inválido')).toBeTruthy();
  });
});

describe('growth against an empty period', { timeout: 20_000 }, () => {
  it("shows '—' and why, never '0,00%' or a change of margin against nothing", async () => {
    serveNoBase();
    const { user } = renderApp('/relatorios-financeiros');
    const revenue = await screen.findByRole('group', { name: 'Receita Total' });
    expect(text(revenue)).toContain('— vs período anterior · sem receita no período anterior');
    expect(text(revenue)).not.toContain('0,00%');

    await user.click(screen.getByRole('tab', { name: 'Lucratividade' }));
    await screen.findByRole('group', { name: 'Margem Bruta' });
    for (const label of ['Crescimento da Receita', 'Crescimento do Lucro', 'Variação da Margem Líquida']) {
      expect(figure(label).textContent, label).toBe('—');
      expect(figure(label).className, label).toContain('text-slate-600');
      expect(text(screen.getByRole('group', { name: label })), label).toContain('sem receita no período anterior');
    }
  });
});
