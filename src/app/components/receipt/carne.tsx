// The carnê of a crediário sale on A4 (receipt-print.css): one slip per instalment, three
// per page, each with the store's stub on the left and the customer's part on the right,
// and a dashed line to cut along. It only lays out a ReceiptView.
import { formatDate } from '../../../shared/dates';
import { formatBRL } from '../../../shared/money';
import { NOT_FISCAL_TEXT, type ReceiptInstallment, type ReceiptView } from './receipt-view';

export const CARNE_SLIPS_PER_PAGE = 3;

/** The instalments in pages of three. */
export function carnePages(installments: readonly ReceiptInstallment[]): ReceiptInstallment[][] {
  const pages: ReceiptInstallment[][] = [];
  for (let i = 0; i < installments.length; i += CARNE_SLIPS_PER_PAGE) {
    pages.push(installments.slice(i, i + CARNE_SLIPS_PER_PAGE));
  }
  return pages;
}

function Slip({ view, part }: { view: ReceiptView; part: ReceiptInstallment }) {
  const parcela = `${part.number}/${part.count}`;
  return (
    <section className="carne-slip" aria-label={`Parcela ${parcela}`}>
      <div className="carne-stub">
        <p className="carne-title">Via da loja</p>
        <dl className="carne-grid">
          <dt>Venda</dt>
          <dd>#{view.number}</dd>
          <dt>Parc.</dt>
          <dd>{parcela}</dd>
          <dt>Venc.</dt>
          <dd>{formatDate(part.dueDate)}</dd>
          <dt>Valor</dt>
          <dd>{formatBRL(part.amount)}</dd>
        </dl>
        <p className="carne-cut">{view.customer.name}</p>
        <p className="carne-sign">Recebido por: ____________________</p>
        <p className="carne-sign">Pago em: ____/____/________</p>
      </div>
      <div className="carne-main">
        <p className="carne-title">{view.store?.name ?? 'Carnê de pagamento'}</p>
        {view.store?.cnpj ? <p>CNPJ {view.store.cnpj}</p> : null}
        {view.store?.address ? <p>{view.store.address}</p> : null}
        <dl className="carne-grid">
          <dt>Cliente</dt>
          <dd>
            {view.customer.name}
            {view.customer.document ? ` · ${view.customer.document}` : ''}
          </dd>
          <dt>Venda</dt>
          <dd>
            #{view.number} de {view.date.slice(0, 10)}
          </dd>
          <dt>Parcela</dt>
          <dd>{parcela}</dd>
          <dt>Vencimento</dt>
          <dd>{formatDate(part.dueDate)}</dd>
          <dt>Valor</dt>
          <dd>{formatBRL(part.amount)}</dd>
          <dt>Pago em</dt>
          <dd>____/____/________</dd>
        </dl>
        <p className="carne-cut">{NOT_FISCAL_TEXT} · Recorte na linha tracejada</p>
      </div>
    </section>
  );
}

export function Carne({ view }: { view: ReceiptView }) {
  const installments = view.crediario?.installments ?? [];
  return (
    <div className="carne" data-testid="carne">
      {carnePages(installments).map((page, i) => (
        <div key={i} className="carne-page">
          {page.map((part) => (
            <Slip key={part.number} view={view} part={part} />
          ))}
        </div>
      ))}
    </div>
  );
}
