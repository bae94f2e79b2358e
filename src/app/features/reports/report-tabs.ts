// The five tabs of Relatórios Financeiros with their texts (spec §2, §8).
export const REPORT_TABS = [
  {
    value: 'summary',
    label: 'Resumo',
    title: 'Resumo Financeiro',
    loadingText: 'Carregando resumo financeiro...',
    errorText: 'Erro ao carregar resumo financeiro',
  },
  {
    value: 'dre',
    label: 'DRE',
    title: 'Demonstração do Resultado do Exercício (DRE)',
    loadingText: 'Carregando DRE detalhado...',
    errorText: 'Erro ao carregar DRE detalhado',
  },
  {
    value: 'balance',
    label: 'Balanço',
    title: 'Balanço Patrimonial',
    loadingText: 'Carregando balanço patrimonial...',
    errorText: 'Erro ao carregar balanço patrimonial',
  },
  {
    value: 'profitability',
    label: 'Lucratividade',
    title: 'Relatório de Lucratividade',
    loadingText: 'Carregando relatório de lucratividade...',
    errorText: 'Erro ao carregar relatório de lucratividade',
  },
  {
    value: 'margins',
    label: 'Margens',
    title: 'Análise de Margens',
    loadingText: 'Carregando análise de margens...',
    errorText: 'Erro ao carregar análise de margens',
  },
] as const;

export type ReportTab = (typeof REPORT_TABS)[number];
export type ReportTabValue = ReportTab['value'];

export function tabOf(value: ReportTabValue): ReportTab {
  return REPORT_TABS.find((t) => t.value === value)!;
}
