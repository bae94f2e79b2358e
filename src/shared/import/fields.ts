// The fields each kind of import reads, their names on screen, and the header names people
// give them in their spreadsheets: Balcão proposes which column is which field from
// these, and the owner confirms or changes it. One list per kind: the mapping screen, the
// header guess and the server's reading of a row all come from it.
import { foldText } from '../text';

export const IMPORT_KINDS = ['products', 'customers', 'receivables'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** Whether a kind's rows can update what the store has (open crediário only adds instalments). */
export const IMPORT_UPDATES: Readonly<Record<ImportKind, boolean>> = {
  products: true,
  customers: true,
  receivables: false,
};

export interface ImportField {
  key: string;
  /** How the mapping screen and the errors name it (the column header Balcão's export writes). */
  label: string;
  /** Header names that mean this field, folded (see headerKey). */
  aliases: readonly string[];
}

export const PRODUCT_FIELDS = [
  {
    key: 'sku',
    label: 'Código',
    aliases: ['codigo', 'cod', 'sku', 'referencia', 'ref', 'codigo interno', 'cod produto', 'codigo do produto'],
  },
  {
    key: 'barcode',
    label: 'Código de barras',
    aliases: ['codigo de barras', 'cod barras', 'cod de barras', 'codigo barras', 'ean', 'gtin', 'codigo ean', 'ean13'],
  },
  {
    key: 'name',
    label: 'Produto',
    aliases: ['produto', 'descricao', 'nome', 'nome do produto', 'descricao do produto', 'item'],
  },
  { key: 'size', label: 'Tamanho', aliases: ['tamanho', 'tam'] },
  { key: 'color', label: 'Cor', aliases: ['cor'] },
  {
    key: 'sale_price',
    label: 'Preço de venda',
    aliases: ['preco', 'preco de venda', 'preco venda', 'venda', 'valor', 'valor de venda', 'preco unitario'],
  },
  {
    key: 'cost_price',
    label: 'Preço de custo',
    aliases: ['custo', 'preco de custo', 'preco custo', 'valor de custo', 'custo unitario'],
  },
  {
    key: 'stock',
    label: 'Estoque',
    aliases: ['estoque', 'qtd', 'qtde', 'quantidade', 'estoque atual', 'saldo', 'quant'],
  },
  {
    key: 'minimum_stock',
    label: 'Estoque mínimo',
    aliases: ['minimo', 'estoque minimo', 'estoque min', 'qtd minima', 'min'],
  },
  { key: 'active', label: 'Status', aliases: ['status', 'ativo', 'situacao'] },
  { key: 'ncm', label: 'NCM', aliases: ['ncm', 'ncm sh', 'codigo ncm', 'classificacao fiscal'] },
  { key: 'cest', label: 'CEST', aliases: ['cest', 'codigo cest'] },
  { key: 'cfop', label: 'CFOP', aliases: ['cfop'] },
  { key: 'csosn', label: 'CSOSN', aliases: ['csosn', 'cst csosn', 'csosn cst'] },
  { key: 'origin', label: 'Origem', aliases: ['origem', 'origem da mercadoria', 'orig'] },
  {
    key: 'unit',
    label: 'Unidade',
    aliases: ['unidade', 'un', 'und', 'unid', 'unidade de medida', 'unidade comercial'],
  },
] as const satisfies readonly ImportField[];

export type ProductFieldKey = (typeof PRODUCT_FIELDS)[number]['key'];
export const PRODUCT_FIELD_KEYS = PRODUCT_FIELDS.map((f) => f.key) as [ProductFieldKey, ...ProductFieldKey[]];

export const CUSTOMER_FIELDS = [
  { key: 'document', label: 'CPF/CNPJ', aliases: ['cpf', 'cnpj', 'cpf cnpj', 'cnpj cpf', 'documento', 'doc'] },
  {
    key: 'name',
    label: 'Nome',
    aliases: ['nome', 'cliente', 'razao social', 'nome razao social', 'nome completo', 'nome do cliente'],
  },
  { key: 'email', label: 'E-mail', aliases: ['email', 'e mail'] },
  { key: 'phone', label: 'Telefone', aliases: ['telefone', 'celular', 'fone', 'tel', 'whatsapp', 'contato'] },
  { key: 'address', label: 'Endereço', aliases: ['endereco', 'logradouro', 'rua'] },
  { key: 'city', label: 'Cidade', aliases: ['cidade', 'municipio'] },
  { key: 'state', label: 'UF', aliases: ['uf', 'estado'] },
  { key: 'zip_code', label: 'CEP', aliases: ['cep'] },
  { key: 'credit_limit', label: 'Limite de crédito', aliases: ['limite de credito', 'limite', 'limite credito'] },
  { key: 'active', label: 'Status', aliases: ['status', 'ativo', 'situacao'] },
] as const satisfies readonly ImportField[];

export type CustomerFieldKey = (typeof CUSTOMER_FIELDS)[number]['key'];

/** Open crediário: one instalment per row, of a customer found by CPF/CNPJ (or created). */
export const RECEIVABLE_FIELDS = [
  { key: 'document', label: 'CPF/CNPJ', aliases: ['cpf', 'cnpj', 'cpf cnpj', 'cnpj cpf', 'documento', 'doc'] },
  {
    key: 'name',
    label: 'Cliente',
    aliases: ['cliente', 'nome', 'nome do cliente', 'razao social', 'nome completo', 'devedor'],
  },
  { key: 'phone', label: 'Telefone', aliases: ['telefone', 'celular', 'fone', 'tel', 'whatsapp'] },
  {
    key: 'description',
    label: 'Descrição',
    aliases: ['descricao', 'historico', 'referencia', 'venda', 'carne', 'documento da venda', 'observacao'],
  },
  {
    key: 'installment',
    label: 'Parcela',
    aliases: ['parcela', 'n parcela', 'num parcela', 'numero da parcela', 'parc'],
  },
  {
    key: 'installments',
    label: 'Total de parcelas',
    aliases: [
      'total de parcelas',
      'parcelas',
      'qtd parcelas',
      'qtde parcelas',
      'quantidade de parcelas',
      'n de parcelas',
    ],
  },
  {
    key: 'amount',
    label: 'Valor',
    aliases: ['valor', 'valor da parcela', 'valor parcela', 'valor em aberto', 'em aberto', 'saldo', 'valor devido'],
  },
  {
    key: 'due_date',
    label: 'Vencimento',
    aliases: ['vencimento', 'data de vencimento', 'data vencimento', 'venc', 'vence em', 'dt vencimento'],
  },
] as const satisfies readonly ImportField[];

export type ReceivableFieldKey = (typeof RECEIVABLE_FIELDS)[number]['key'];

/** The field's label of `fields`, by key. */
export function fieldLabel(fields: readonly ImportField[], key: string): string {
  return fields.find((f) => f.key === key)?.label ?? key;
}

/** A header as the guess compares it: no accents, lower case, '(R$)' and marks dropped, one space. */
export function headerKey(header: string): string {
  return foldText(header)
    .replace(/\(r\$\)|r\$/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** column index per field key (null: no column). */
export type Mapping<K extends string = string> = Record<K, number | null>;

/**
 * Which column is which field: first the headers that are exactly a field's name, then a
 * header holding a name as whole words ('Preço de venda varejo'), the longest name
 * winning. Each field takes one column, each column one field.
 */
export function guessMapping<K extends string>(
  fields: readonly (ImportField & { key: K })[],
  headers: readonly string[],
): Mapping<K> {
  const mapping = Object.fromEntries(fields.map((f) => [f.key, null])) as Mapping<K>;
  const keys = headers.map(headerKey);
  const taken = new Set<number>();
  const take = (field: K, column: number) => {
    mapping[field] = column;
    taken.add(column);
  };
  keys.forEach((key, column) => {
    const field = fields.find((f) => mapping[f.key] === null && f.aliases.includes(key));
    if (field && !taken.has(column)) take(field.key, column);
  });
  keys.forEach((key, column) => {
    if (taken.has(column) || key === '') return;
    let best: { field: K; length: number } | null = null;
    for (const field of fields) {
      if (mapping[field.key] !== null) continue;
      for (const alias of field.aliases) {
        if (alias.length < 3 || !` ${key} `.includes(` ${alias} `)) continue;
        if (!best || alias.length > best.length) best = { field: field.key, length: alias.length };
      }
    }
    if (best) take(best.field, column);
  });
  return mapping;
}
