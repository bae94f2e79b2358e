// The receipt as a thermal roll prints it (receipt-print.css): the store, the sale, its
// lines with quantity × price and discounts, the total, each payment with its change, the
// crediário plan, the sale number's barcode (for a troca) and 'Documento sem valor fiscal'.
// It only lays out a ReceiptView.
import type { ReactNode } from 'react';
import type { ReceiptPaperWidth } from '../../../shared/contract/settings';
import { formatDate } from '../../../shared/dates';
import { formatBRL } from '../../../shared/money';
import { ReceiptBarcode } from './receipt-barcode';
import { NOT_FISCAL_TEXT, type ReceiptView } from './receipt-view';

function Row({ left, right, className }: { left: ReactNode; right: ReactNode; className?: string }) {
  return (
    <p className={`receipt-row ${className ?? ''}`}>
      <span>{left}</span>
      <span>{right}</span>
    </p>
  );
}

const minus = (centavos: number) => `-${formatBRL(centavos)}`;

export function Receipt({ view, width }: { view: ReceiptView; width: ReceiptPaperWidth }) {
  const { store, crediario } = view;
  return (
    <div className="receipt" data-width={width} data-testid="receipt">
      {store ? (
        <div className="receipt-center">
          <p className="receipt-store">{store.name}</p>
          {store.cnpj ? <p>CNPJ {store.cnpj}</p> : null}
          {store.address ? <p>{store.address}</p> : null}
          {store.phone ? <p>Tel. {store.phone}</p> : null}
        </div>
      ) : null}
      <hr className="receipt-rule" />
      <p className="receipt-strong">Venda #{view.number}</p>
      <p>Data: {view.date}</p>
      {view.till ? <p>Caixa: {view.till}</p> : null}
      {view.cashier ? <p>Operador: {view.cashier}</p> : null}
      <p>Cliente: {view.customer.name}</p>
      {view.customer.document ? <p>CPF/CNPJ: {view.customer.document}</p> : null}
      <hr className="receipt-rule" />
      {view.lines.map((line, i) => (
        <div key={i}>
          <p className="receipt-name">{line.name}</p>
          <Row
            className="receipt-indent"
            left={`${line.quantity} x ${formatBRL(line.unitPrice)}`}
            right={formatBRL(line.gross)}
          />
          {line.discount > 0 ? <Row className="receipt-indent" left="Desconto" right={minus(line.discount)} /> : null}
        </div>
      ))}
      <hr className="receipt-rule" />
      {view.discount > 0 ? (
        <>
          <Row left="Subtotal" right={formatBRL(view.subtotal)} />
          <Row left="Descontos" right={minus(view.discount)} />
        </>
      ) : null}
      <Row className="receipt-total" left="TOTAL" right={formatBRL(view.total)} />
      <hr className="receipt-rule" />
      <p className="receipt-strong">Pagamento</p>
      {view.payments.map((p, i) => (
        <div key={i}>
          <Row left={p.label} right={formatBRL(p.amount)} />
          {p.received !== null ? (
            <Row className="receipt-indent" left="Recebido" right={formatBRL(p.received)} />
          ) : null}
          {p.change !== null ? <Row className="receipt-indent" left="Troco" right={formatBRL(p.change)} /> : null}
        </div>
      ))}
      {view.storeCreditLeft !== null ? (
        <Row left="Saldo do vale-troca" right={formatBRL(view.storeCreditLeft)} />
      ) : null}
      {crediario ? (
        <>
          <hr className="receipt-rule" />
          <p className="receipt-strong">Crediário: {crediario.installments.length} parcela(s)</p>
          {crediario.installments.map((i) => (
            <Row
              key={i.number}
              left={`${i.number}/${i.count} · venc. ${formatDate(i.dueDate)}`}
              right={formatBRL(i.amount)}
            />
          ))}
        </>
      ) : null}
      <hr className="receipt-rule" />
      <ReceiptBarcode number={view.number} />
      <p className="receipt-note">{NOT_FISCAL_TEXT}</p>
    </div>
  );
}
