// The DANFE NFC-e on a thermal roll (80 or 58 mm; danfe.css), in the Manual do DANFE
// NFC-e's order: the emitter, the title, the items (code, description, quantity, unit, unit
// and total value), the totals, the payments and the change, the consulta address and the
// key, the consumer, the note's number, series and time, the protocol, the QR Code (ECC M,
// at least 25 mm) and the tributos aproximados; in homologação the warning that it has no
// fiscal value. A note issued in offline contingency and not authorized yet says 'EMITIDA EM
// CONTINGÊNCIA' and 'Pendente de autorização' in the fiscal message area, by the consulta
// (the manual's 'Área de Mensagem Fiscal'), has no protocol, and prints one copy after the
// other on the roll, each named ('Via do Consumidor', 'Via do Estabelecimento'). Loaded only
// when a DANFE is printed (receipt-print-buttons.tsx), so the till's first load does not
// carry it; kept out of components/ so the build gives it (and the QR encoder) a chunk of
// its own instead of the shared components' (vite.config.ts).
// It only lays out a DanfeView (components/receipt/danfe-view.ts).
import { Fragment, useMemo, type ReactNode } from 'react';
import type { ReceiptPaperWidth } from '../../shared/contract/settings';
import { formatBRL, formatDecimal } from '../../shared/money';
import { qrSvgParts } from '../../shared/pix/qr-svg';
import {
  CONSULT_TEXT,
  CONTINGENCY_PENDING_TEXT,
  CONTINGENCY_TEXT,
  DANFE_TITLE,
  HOMOLOGATION_TEXT,
  PENDING_TEXT,
  type DanfeView,
} from '../components/receipt/danfe-view';
import './danfe.css';

function Row({ left, right, className }: { left: ReactNode; right: ReactNode; className?: string }) {
  return (
    <p className={`danfe-row ${className ?? ''}`}>
      <span>{left}</span>
      <span>{right}</span>
    </p>
  );
}

const money = (centavos: number) => formatDecimal(centavos);
const quantity = (q: number) => q.toLocaleString('pt-BR', { maximumFractionDigits: 4 });

function QrCode({ text }: { text: string }) {
  const { size_modules, path } = useMemo(() => qrSvgParts(text), [text]);
  return (
    <svg
      className="danfe-qr"
      viewBox={`0 0 ${size_modules} ${size_modules}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label="QR Code da NFC-e"
      data-testid="danfe-qr"
    >
      <rect width={size_modules} height={size_modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** The consumer's line, the document never broken at its hyphen on a narrow roll. */
function Consumer({ text }: { text: string }) {
  const m = /^(.* (?:CPF|CNPJ)) (\S+)$/.exec(text);
  if (!m) return <>{text}</>;
  return (
    <>
      {m[1]} <span className="danfe-nowrap">{m[2]}</span>
    </>
  );
}

/** One copy of the DANFE; `copy` names it on a contingency DANFE ('Via do Consumidor'). */
function DanfeCopy({ view, width, copy }: { view: DanfeView; width: ReceiptPaperWidth; copy: string | null }) {
  const { emitter } = view;
  return (
    <div
      className={`danfe danfe-${width}`}
      data-width={width}
      data-testid="danfe"
      {...(copy ? { 'aria-label': copy, role: 'group' } : {})}
    >
      {emitter ? (
        <div className="danfe-center">
          <p className="danfe-strong">{emitter.legalName}</p>
          <p>
            CNPJ: {emitter.cnpj} IE: {emitter.ie}
          </p>
          <p>{emitter.address}</p>
        </div>
      ) : null}
      <p className="danfe-center danfe-strong danfe-title">{DANFE_TITLE}</p>
      {view.homologation ? <p className="danfe-center danfe-strong">{HOMOLOGATION_TEXT}</p> : null}
      <hr className="danfe-rule" />
      {/* Each item in two rows: code and description, then quantity, unit and values. */}
      <table className="danfe-items">
        <thead>
          <tr>
            <th colSpan={4}>Código Descrição</th>
          </tr>
          <tr>
            <th>Qtde</th>
            <th>UN</th>
            <th>Vl Unit</th>
            <th>Vl Total</th>
          </tr>
        </thead>
        {view.lines.map((line, i) => (
          <tbody key={i} className="danfe-item">
            <tr>
              <td colSpan={4}>
                {line.code} {line.name}
              </td>
            </tr>
            <tr>
              <td>{quantity(line.quantity)}</td>
              <td>{line.unit}</td>
              <td>{money(line.unitPrice)}</td>
              <td>{money(line.total)}</td>
            </tr>
          </tbody>
        ))}
      </table>
      <hr className="danfe-rule" />
      <Row left="Qtde. total de itens" right={view.itemCount} />
      <Row left="Valor total R$" right={money(view.subtotal)} />
      {view.discount > 0 ? <Row left="Descontos R$" right={money(view.discount)} /> : null}
      <Row className="danfe-strong" left="Valor a Pagar R$" right={money(view.total)} />
      <Row className="danfe-strong" left="FORMA PAGAMENTO" right="VALOR PAGO R$" />
      {view.payments.map((p, i) => (
        <Row key={i} left={p.label} right={money(p.paid)} />
      ))}
      <Row left="Troco R$" right={money(view.change)} />
      <hr className="danfe-rule" />
      <div className="danfe-center">
        {view.contingency ? (
          <>
            <p className="danfe-strong">{CONTINGENCY_TEXT}</p>
            <p className="danfe-strong">{CONTINGENCY_PENDING_TEXT}</p>
          </>
        ) : null}
        <p className="danfe-strong">{CONSULT_TEXT}</p>
        <p className="danfe-url">{view.urlChave}</p>
        <p className="danfe-key">{view.key}</p>
      </div>
      <hr className="danfe-rule" />
      <p className="danfe-center danfe-strong">
        <Consumer text={view.consumer} />
      </p>
      <hr className="danfe-rule" />
      <div className="danfe-center">
        <p className="danfe-strong">{view.number}</p>
        <p>Emissão: {view.issuedAt}</p>
        {copy ? <p className="danfe-strong">{copy}</p> : null}
        {view.protocol ? (
          <>
            <p>Protocolo de autorização: {view.protocol.number}</p>
            <p>Data de autorização: {view.protocol.at}</p>
          </>
        ) : view.pending ? (
          <p className="danfe-strong">{PENDING_TEXT}</p>
        ) : null}
      </div>
      {view.homologation ? <p className="danfe-center danfe-strong">{HOMOLOGATION_TEXT}</p> : null}
      <QrCode text={view.qrCode} />
      {view.approximateTaxes !== null ? (
        <p className="danfe-center">
          Tributos aproximados (Lei Federal 12.741/2012): {formatBRL(view.approximateTaxes)}
        </p>
      ) : null}
    </div>
  );
}

/** The DANFE's copies one after the other on the roll, a dashed line to tear between them. */
export function Danfe({ view, width }: { view: DanfeView; width: ReceiptPaperWidth }) {
  return view.copies.map((copy, i) => (
    <Fragment key={copy ?? i}>
      {i > 0 ? <hr className="danfe-rule" aria-hidden="true" /> : null}
      <DanfeCopy view={view} width={width} copy={copy} />
    </Fragment>
  ));
}
