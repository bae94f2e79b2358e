// Where 'Importar' of Produtos and Clientes and 'Importar crediário em aberto' of Contas a
// Receber lead: the import
// screen with the kind in its address, so a screen links to it without importing it.
export const IMPORT_PATH = '/importar';

/** The import screens by the name in their address. */
export const IMPORT_TIPOS = ['produtos', 'clientes', 'crediario'] as const;
export type ImportTipo = (typeof IMPORT_TIPOS)[number];

export const importPathOf = (tipo: ImportTipo) => `${IMPORT_PATH}?tipo=${tipo}`;
