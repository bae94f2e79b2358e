// A discreet line at Nova Venda for admins about the NFC-e (counter/fiscal-till.ts): the
// products that cannot go on a note yet (no NCM), with a link to Produtos filtered to them,
// and, with emission on, a till without its series. Cashiers never see it.
import { Link } from 'react-router-dom';
import type { FiscalTillView } from '../../../shared/contract/fiscal-till';
import { CompleteInProductsLink, withoutNcmText } from '../../components/products-without-ncm';

export const NO_SERIES_TEXT = 'Este caixa não tem série de NFC-e: as vendas dele saem sem nota.';

export function FiscalNotice({ view }: { view: FiscalTillView | undefined }) {
  if (!view) return null;
  const missing = view.products_without_ncm.count;
  const noSeries = view.emission_enabled && view.series === null;
  if (missing === 0 && !noSeries) return null;
  return (
    <p role="note" data-testid="fiscal-notice" className="mb-4 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
      {missing > 0 ? (
        <span>
          {withoutNcmText(missing)}. <CompleteInProductsLink />
        </span>
      ) : null}
      {noSeries ? (
        <span>
          {NO_SERIES_TEXT}{' '}
          <Link to="/configuracoes" className="font-medium text-blue-700 underline underline-offset-2">
            Definir em Configurações &gt; Fiscal
          </Link>
        </span>
      ) : null}
    </p>
  );
}
