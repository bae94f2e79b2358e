// The sale being rung up: customer, products, items, summary. Customers and products
// come from the device's mirror, stock is the till's (server stock minus sales not yet
// delivered), and finishing sends the sale to the server when online (a refusal, such as
// a price that changed, is fixed here) or writes it with its outbox row (use-finish-sale.ts).
import { useCallback, useState } from 'react';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { LoadingState } from '../../components/spinner';
import { useMirrorCustomers, useMirrorProducts, usePendingQuantities } from '../../offline/hooks';
import { availableStock } from '../../offline/stock';
import { displayNumber } from './cart';
import { CustomerPicker } from './customer-picker';
import { ProductAdder } from './product-adder';
import { SaleItemsTable } from './sale-items-table';
import { FinishBar, SaleSummary } from './sale-summary';
import { useSaleFinish } from './use-finish-sale';
import { useWideTill } from './use-wide-till';
import { useSaleForm } from './use-sale-form';


export function SaleForm({ catalogueIncomplete }: { catalogueIncomplete: boolean }) {
  const products = useMirrorProducts();
  const customers = useMirrorCustomers();
  const pending = usePendingQuantities();
  const form = useSaleForm();
  const [number, setNumber] = useState(() => displayNumber());
  const { finishing, finish } = useSaleFinish(form, number, () => setNumber(displayNumber()));
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

  if (!products.ready || !customers.ready) return <LoadingState text="Carregando..." />;

  return (
    <div>
      <PageHeader
        title="Nova Venda"
        subtitle="PDV - Ponto de Venda"
        actions={
          <Card className="px-3 py-1.5 text-sm text-slate-600">
            Venda <span className="font-mono font-semibold text-slate-900">#{number}</span>
          </Card>
        }
      />
      {catalogueIncomplete ? (
        <p role="status" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          O catálogo ainda não foi carregado por completo neste dispositivo. Conecte-se à internet para sincronizar.
        </p>
      ) : null}
      {/* One column on a phone; from a tablet up the summary beside the sale. */}
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_17rem] lg:gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-4 lg:gap-6">
          <CustomerPicker
            search={customers.search}
            selected={form.state.customer}
            onSelect={form.actions.selectCustomer}
          />
          <ProductAdder
            search={products.search}
            availableOf={availableOf}
            lines={form.state.lines}
            onLinesChange={form.actions.setLines}
          />
          <SaleItemsTable lines={form.state.lines} availableOf={availableById} onLinesChange={form.actions.setLines} />
        </div>
        <div className="min-w-0 md:sticky md:top-0 md:self-start">
          <SaleSummary form={form} finishing={finishing} onFinish={() => void finish()} withFinish={wide} />
        </div>
      </div>
      {wide ? null : <FinishBar form={form} finishing={finishing} onFinish={() => void finish()} />}
    </div>
  );
}
