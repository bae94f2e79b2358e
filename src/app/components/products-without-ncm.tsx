// What an admin is told about the products a note cannot carry yet (no NCM), wherever it is
// said (Nova Venda, Notas Fiscais): the sentence and the link to Produtos filtered to them.
import { Link } from 'react-router-dom';

/** A count as a person reads it here: 1.062, not 1062. */
export const countText = (count: number) => count.toLocaleString('pt-BR');

export const withoutNcmText = (count: number) =>
  count === 1 ? '1 produto sem NCM não sai na NFC-e' : `${countText(count)} produtos sem NCM não saem na NFC-e`;

/** Produtos showing only the products without NCM. */
export const WITHOUT_NCM_PRODUCTS_PATH = '/produtos?fiscal=sem-ncm';

export function CompleteInProductsLink() {
  return (
    <Link to={WITHOUT_NCM_PRODUCTS_PATH} className="font-medium text-blue-700 underline underline-offset-2">
      Completar em Produtos
    </Link>
  );
}
