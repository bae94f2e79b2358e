// The imports the screen offers, by the name in its address (lib/import-path.ts): the kind
// the API takes, the screen's title and where 'Voltar' goes.
import type { ImportKind } from '../../../shared/contract/imports';
import type { ImportTipo } from '../../lib/import-path';

export interface ImportScreenKind {
  kind: ImportKind;
  title: string;
  subtitle: string;
  back: { path: string; label: string };
}

export const IMPORT_SCREEN_KINDS: Readonly<Record<ImportTipo, ImportScreenKind>> = {
  produtos: {
    kind: 'products',
    title: 'Importar produtos',
    subtitle: 'Traga o catálogo de uma planilha (.xlsx ou .csv): os novos são criados e os que já existem, atualizados',
    back: { path: '/produtos', label: 'Voltar para Produtos' },
  },
  clientes: {
    kind: 'customers',
    title: 'Importar clientes',
    subtitle: 'Traga os clientes de uma planilha (.xlsx ou .csv): cada um é achado pelo CPF/CNPJ ou criado',
    back: { path: '/clientes', label: 'Voltar para Clientes' },
  },
  crediario: {
    kind: 'receivables',
    title: 'Importar crediário em aberto',
    subtitle:
      'Traga os carnês em andamento de uma planilha (.xlsx ou .csv): cada parcela vira uma conta a receber do cliente, recebida no caixa como as outras',
    back: { path: '/receber', label: 'Voltar para Contas a Receber' },
  },
};

/** 'N novos', '1 novo': a count and its noun. */
export function counted(n: number, one: string, many: string): string {
  return `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;
}
