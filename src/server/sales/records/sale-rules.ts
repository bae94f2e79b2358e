// The rules every sale follows, new or corrected: which products it may name, the
// largest total, and when its lines may still be edited.
import type { ProductRow, SaleRow } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';

export const ENTRADA_TOO_HIGH = 'O valor da entrada não pode ser maior que o total da venda.';
export const SALE_CANCELLED = 'Esta venda está cancelada e não pode ser alterada.';
export const SALE_ALREADY_CANCELLED = 'Esta venda já está cancelada.';
export const CREDIARIO_METHOD_CHANGE =
  'Não é possível mudar a forma de pagamento de ou para crediário. Cancele e registre uma nova venda.';
/** R$ 1 bilhão, the largest amount the contract's Money accepts. */
const MAX_TOTAL_CENTAVOS = 100_000_000_000;

/**
 * A product a sale may name: it exists in the tenant and is not deleted; it must be
 * active unless `allowInactive` (an offline sale made before the till learned of it).
 */
export function sellableProduct(
  rows: ReadonlyMap<string, ProductRow>,
  id: string,
  { allowInactive }: { allowInactive: boolean },
): ProductRow {
  const row = rows.get(id);
  if (!row) throw notFound(`Produto não encontrado (${id}).`);
  if (row.deletedAt) throw notFound(`Produto não encontrado: ${row.name} foi removido do catálogo.`);
  if (!row.active && !allowInactive) throw badRequest(`Produto inativo: ${row.name}.`);
  return row;
}

export function checkTotal(total: number): void {
  if (total > MAX_TOTAL_CENTAVOS) throw badRequest('O total da venda é alto demais.');
}

/** Item edits are refused on cancelled and crediário sales. */
export function assertItemsEditable(sale: SaleRow): void {
  if (sale.saleStatus === 'cancelled') throw conflict(SALE_CANCELLED);
  if (sale.paymentMethod === 'crediario') {
    throw new AppError(
      'CONFLICT',
      'Não é possível alterar itens de uma venda no crediário. Cancele e registre uma nova venda.',
    );
  }
}
