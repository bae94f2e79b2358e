// The sale being rung up: customer, products, items, summary. Customers and products
// come from the device's mirror, stock is the till's (server stock minus sales not yet
// delivered), and finishing sends the sale to the server when online (a refusal, such as
// a price that changed, is fixed here) or writes it with its outbox row (use-finish-sale.ts).
// Drawn before the mirror can be searched: the searches say they are loading meanwhile.
import { useCallback, useState, type RefObject } from 'react';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { useNextSaleNumber, useOnline, usePendingQuantities } from '../../offline/hooks';
import { useMirrorCustomers, useMirrorProducts } from '../../offline/mirror-hooks';
import { progressText, type MirrorProgress } from '../../offline/mirror';
import { availableStock } from '../../offline/stock';
import { CustomerPicker } from './customer-picker';
import { ProductAdder } from './product-adder';
import { ReturnsButton } from './returns-finder';
import { SaleItemsTable } from './sale-items-table';
import { FinishBar, SaleSummary } from './sale-summary';
import { useSaleFinish } from './use-finish-sale';
import { useReceiptHeader } from '../../lib/receipt-header';
import { useStoreSettings } from '../../lib/store-settings';
import { usePaymentForm } from './use-payment-form';
import { useWideTill } from './use-wide-till';
import { CameraScanButton } from './camera-scan';
import { useScanner } from './use-scanner';
import { EMPTY_PICK, useSaleForm, useStartCustomer } from './use-sale-form';
import { usePermissions } from '../../auth/use-permissions';
import { useCaixa } from '../../counter/caixa-hooks';
import { CASHIER_MAX_DISCOUNT_DEFAULT } from '../../../shared/contract/settings';
import { FINAL_CONSUMER_NAME } from '../../../shared/final-consumer';
import { discountProblem } from './cart-discounts';
import { useTillCredit } from './use-till-credit';
import { useExchange } from './exchange';
import { lazyPart } from '../../components/lazy-part';
import { noteDocumentRule, useFiscalTill } from '../../counter/fiscal-till';
import { FiscalNotice } from './fiscal-notice';
import { TillKeyNotice } from './till-key-notice';

// Loaded when first drawn: the till sells without them (a customer's crediário, a sale
// over the credit limit, the receipt of the sale just finished).
const CustomerCreditPanel = lazyPart(() => import('./customer-credit-panel'), 'CustomerCreditPanel');
const CreditLimitDialog = lazyPart(() => import('./credit-limit-dialog'), 'CreditLimitDialog');
// An exchange's banner: only while the return's vale pays the new sale (exchange.tsx).
const ExchangeBanner = lazyPart(() => import('./exchange-banner'), 'ExchangeBanner');
const LastSaleBar = lazyPart(() => import('./last-sale-bar'), 'LastSaleBar');
// Where the store emits NFC-e only: a store that does not never loads it.
const ContingencyQueueNotice = lazyPart<'ContingencyQueueNotice', { deadlineHours: number }>(
  () => import('./contingency-queue-notice'),
  'ContingencyQueueNotice',
);

/**
 * The catalogue as the till sees it: 'loading' while a first load runs (or the device is
 * still reading whether it has one), 'incomplete' when a first load could not finish
 * (offline, a server error): the till then sells from what the device has.
 */
export interface TillCatalogue {
  status: 'loading' | 'complete' | 'incomplete';
  progress: MirrorProgress | null;
}

export function SaleForm({
  catalogue,
  searchRef,
  onFinished,
}: {
  catalogue: TillCatalogue;
  /** 'Buscar produto' */
  searchRef: RefObject<HTMLInputElement | null>;
  /** A sale was finished: the next one starts (the focus goes back to 'Buscar produto'). */
  onFinished?: () => void;
}) {
  const searchable = catalogue.status !== 'loading';
  const products = useMirrorProducts(searchable);
  const customers = useMirrorCustomers(searchable);
  const pending = usePendingQuantities();
  const settings = useStoreSettings().data;
  // Fetched while online, so a receipt printed offline carries the store's data.
  useReceiptHeader();
  const { isAdmin } = usePermissions();
  const caixa = useCaixa();
  // A cashier's discounts stop at the store's limit; an admin signed in has none.
  const discountLimit = isAdmin ? null : (settings?.cashier_max_discount_percent ?? CASHIER_MAX_DISCOUNT_DEFAULT);
  // The store's 'Consumidor final' from the mirror, when each sale starts with it.
  const startCustomer = useStartCustomer(settings?.final_consumer === true, customers.rows);
  // Until the mirror is read, the sale is known to start with it (drawn, and not asked for).
  const startComing = !customers.ready && settings?.final_consumer === true;
  // What the till needs to emit NFC-e (kept on the device for offline use).
  const fiscal = useFiscalTill().data;
  const form = useSaleForm({
    discountLimit,
    caixaOpen: caixa?.status === 'open',
    startCustomer,
    startComing,
    noteDocument: noteDocumentRule(fiscal),
  });
  const payment = usePaymentForm();
  // An exchange: the return's vale-troca paying the new sale (exchange.tsx).
  const exchange = useExchange(form, payment);
  // The number the sale will get (this till's code and sequence: shared/sale-number.ts).
  const number = useNextSaleNumber();
  const [saleId, setSaleId] = useState(() => crypto.randomUUID());
  const sale = { id: saleId, number };
  /** The sale just finished, offered for printing. */
  const [lastSaleId, setLastSaleId] = useState<string | null>(null);
  // A refused sale is tried again as a new one (its key holds the refusal): new id, and the
  // same number (a refused sale used none).
  // The customer's open crediário and limit (shown under them; a sale over it stops).
  const credit = useTillCredit(form.state.customer, settings);
  const { finishing, finish, ...overCredit } = useSaleFinish(
    form,
    payment,
    sale,
    (outcome) => {
      if (outcome === 'finished') {
        setLastSaleId(saleId);
        // An exchange's rest the cashier chose to give back in cash (exchange.tsx).
        void exchange.afterSale(saleId);
        onFinished?.();
      }
      setSaleId(crypto.randomUUID());
    },
    credit,
  );
  const online = useOnline();
  const finishProps = { form, payment, finishing, onFinish: (pix: boolean) => void finish(pix) };
  const wide = useWideTill();

  const availableOf = useCallback(
    (product: { id: string; current_stock: number }) => availableStock(product, pending),
    [pending],
  );
  const availableById = useCallback(
    (id: string) => {
      const product = products.rows.get(id);
      return product ? availableStock(product, pending) : 0;
    },
    [products.rows, pending],
  );

  // A barcode scanner's codes, and the camera's ('Ler código'): use-scanner.ts.
  const scan = useScanner({
    ready: products.ready,
    findByCode: products.findByCode,
    availableOf: availableById,
    lines: form.state.lines,
    onLinesChange: form.actions.setLines,
    clearSearch: () => form.actions.setPick(EMPTY_PICK),
  });

  // What a search says while it cannot answer yet (the progress once the load reports it).
  const loadingText = catalogue.progress ? progressText(catalogue.progress) : null;

  return (
    <div>
      <PageHeader
        title="Nova Venda"
        subtitle="PDV - Ponto de Venda"
        actions={
          <>
            <ReturnsButton onExchange={exchange.start} />
            <Card className="px-3 py-1.5 text-sm text-slate-600">
              Venda{' '}
              <span className="font-mono font-semibold text-slate-900" data-testid="sale-number">
                {number ? `#${number}` : 'nova'}
              </span>
            </Card>
          </>
        }
      />
      {isAdmin ? <FiscalNotice view={fiscal} /> : null}
      <TillKeyNotice isAdmin={isAdmin} />
      {/* Only where the store emits (a till of a store that does not queues no notes), and
          loaded then: the till's first load stays as it was. */}
      {fiscal?.emission_enabled ? <ContingencyQueueNotice deadlineHours={fiscal.contingency_deadline_hours} /> : null}
      {lastSaleId ? <LastSaleBar saleId={lastSaleId} onClose={() => setLastSaleId(null)} /> : null}
      {catalogue.status === 'incomplete' ? (
        <p role="status" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          O catálogo ainda não foi carregado por completo neste dispositivo. Conecte-se à internet para sincronizar.
        </p>
      ) : null}
      {/* One column on a phone; from a tablet up the summary beside the sale. */}
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_17rem] lg:gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-4 lg:gap-6">
          {exchange.exchange ? (
            <ExchangeBanner
              exchange={exchange.exchange}
              total={form.total}
              figures={exchange.figures}
              cashBack={exchange.cashBack}
              onCashBack={exchange.setCashBack}
            />
          ) : null}
          <CustomerPicker
            loading={customers.ready ? null : { detail: loadingText }}
            search={customers.search}
            selected={form.state.customer}
            onSelect={form.actions.selectCustomer}
            starting={startComing ? FINAL_CONSUMER_NAME : null}
            // Consumidor final buys nothing on crediário: no credit to show.
            details={credit && !form.state.customer?.finalConsumer ? <CustomerCreditPanel credit={credit} /> : null}
          />
          <ProductAdder
            loading={products.ready ? null : { detail: loadingText }}
            search={products.search}
            availableOf={availableOf}
            lines={form.state.lines}
            onLinesChange={form.actions.setLines}
            pick={form.pick}
            onPickChange={form.actions.setPick}
            searchRef={searchRef}
            headerAction={<CameraScanButton onCode={scan} />}
          />
          <SaleItemsTable
            lines={form.state.lines}
            availableOf={availableById}
            onLinesChange={form.actions.setLines}
            discountLimit={discountLimit}
            checkDiscounts={(lines) => discountProblem(lines, form.state.saleDiscount ?? null, discountLimit)}
          />
        </div>
        <div className="min-w-0 md:sticky md:top-0 md:self-start">
          <SaleSummary {...finishProps} saleId={sale.id} settings={settings} withFinish={wide} />
        </div>
      </div>
      {wide ? null : <FinishBar {...finishProps} />}
      {overCredit.creditBlock ? (
        <CreditLimitDialog
          block={overCredit.creditBlock}
          saleId={sale.id}
          isAdmin={isAdmin}
          online={online}
          onCancel={overCredit.closeCreditBlock}
          onGoOn={() => overCredit.goOnOverCredit({ confirmed: true })}
          onApproved={(approval) => overCredit.goOnOverCredit({ approval })}
        />
      ) : null}
    </div>
  );
}
