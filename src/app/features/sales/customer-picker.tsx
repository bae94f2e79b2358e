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
}

export function CustomerPicker({ loading, search, selected, onSelect, details }: CustomerPickerProps) {
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
        {selected ? (
          <div className="flex items-center justify-between gap-2 rounded-md bg-blue-50 px-3 py-1 text-sm text-blue-900">
            <span>Cliente selecionado: {selected.name}</span>
            <Button variant="ghost" size="icon" aria-label="Remover cliente" onClick={() => onSelect(null)}>
              <CloseIcon className="h-4 w-4" />
            </Button>
          </div>
        ) : null}
        {selected ? details : null}
      </CardContent>
    </Card>
  );
}
