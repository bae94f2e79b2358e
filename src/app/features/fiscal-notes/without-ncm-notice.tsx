// A discreet line atop Notas Fiscais: the products a note cannot carry yet (no NCM), how
// many and the first names, with the link to Produtos filtered to them. Nothing when every
// product has its NCM (or the list could not be read: the notes matter more here).
import { CompleteInProductsLink, countText, withoutNcmText } from '../../components/products-without-ncm';
import { useProductsWithoutNcm } from './api';

/** 'Boné, Camiseta e mais 3': the names shown, and how many more there are. */
export function namesWithMore(names: readonly string[], total: number): string {
  const more = total - names.length;
  return more > 0 ? `${names.join(', ')} e mais ${countText(more)}` : names.join(', ');
}

export function WithoutNcmNotice() {
  const query = useProductsWithoutNcm();
  const found = query.data;
  if (!found || found.total === 0) return null;
  return (
    <p
      role="note"
      aria-label="Produtos sem NCM"
      data-testid="without-ncm-notice"
      className="mb-4 break-words text-xs text-slate-600"
    >
      {withoutNcmText(found.total)}: {namesWithMore(found.names, found.total)}. <CompleteInProductsLink />
    </p>
  );
}
