// Nova Venda's customer: searched by name or CPF/CNPJ in the mirror ('Carregando...'
// until the mirror can be searched).
import { useMemo, useState, type ReactNode } from 'react';
import { formatDocument, formatPhone } from '../../../shared/documents';
import { toCentavos } from '../../../shared/money';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { CloseIcon } from '../../components/icons';
import { InlineLoading } from '../../components/spinner';
import type { MirrorCustomer } from '../../offline/db';
import { CustomerSearch } from '../../components/record-search';
import type { SearchLoading } from '../../components/search-combobox';
import type { SaleCustomer } from './use-sale-form';

interface CustomerPickerProps {
  loading: SearchLoading | null;
  search: (query: string) => MirrorCustomer[];
  selected: SaleCustomer | null;
  onSelect: (customer: SaleCustomer | null) => void;
  /** Shown under the chosen customer (their crediário). */
  details?: ReactNode;
  /**
   * The customer the sale will start with once the mirror is read ('Consumidor final'):
   * its line is drawn meanwhile, so the form below does not move when it arrives.
   */
  starting?: string | null;
}

export function CustomerPicker({ loading, search, selected, onSelect, details, starting }: CustomerPickerProps) {
  const [query, setQuery] = useState('');
  const results = useMemo(() => search(query), [search, query]);

  return (
    <Card>
      <CardHeader title="Cliente" actions={loading ? <InlineLoading /> : null} />
      <CardContent className="flex flex-col gap-3">
        <CustomerSearch
          label="Buscar cliente"
          value={query}
          onChange={setQuery}
          loading={loading}
          results={results}
          onSelect={(c) => {
            onSelect({
              id: c.id,
              name: c.name,
              document: c.document ?? null,
              creditLimit: c.credit_limit == null ? null : toCentavos(c.credit_limit),
              ...(c.final_consumer ? { finalConsumer: true } : {}),
            });
            setQuery('');
          }}
          detail={(c) => [formatDocument(c.document), formatPhone(c.phone)].filter(Boolean).join(' · ')}
        />
        {selected || starting ? (
          <div
            className="flex min-h-12 items-center justify-between gap-2 rounded-md bg-blue-50 px-3 py-1 text-sm text-blue-900"
            aria-busy={selected ? undefined : true}
          >
            <span>Cliente selecionado: {selected ? selected.name : starting}</span>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Remover cliente"
              disabled={!selected}
              onClick={() => onSelect(null)}
            >
              <CloseIcon className="h-4 w-4" />
            </Button>
          </div>
        ) : (
          // The line keeps its place when no one is chosen: choosing (or the store's start
          // customer arriving with the mirror) never moves the form below.
          <div className="flex min-h-12 items-center rounded-md bg-slate-50 px-3 py-1 text-sm text-slate-600">
            Nenhum cliente selecionado
          </div>
        )}
        {selected ? details : null}
      </CardContent>
    </Card>
  );
}
