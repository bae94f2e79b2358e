// The optional customer of a new receivable, picked from the customers mirrored on this
// device (works offline), searched by name or CPF/CNPJ.
import { useMemo, useState } from 'react';
import { formatDocument } from '../../../shared/documents';
import { Button } from '../../components/button';
import { CloseIcon } from '../../components/icons';
import { CustomerSearch } from '../../components/record-search';
import { useMirrorCustomers } from '../../offline/mirror-hooks';

/** The customer as the account shows it (the document lets a search by CPF find it offline too). */
export interface PickedCustomer {
  id: string;
  name: string;
  document: string | null;
}

interface CustomerFieldProps {
  value: PickedCustomer | null;
  onChange: (customer: PickedCustomer | null) => void;
  disabled?: boolean;
}

export function CustomerField({ value, onChange, disabled }: CustomerFieldProps) {
  const customers = useMirrorCustomers();
  const [query, setQuery] = useState('');
  const results = useMemo(() => customers.search(query, 20), [customers, query]);

  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-slate-700">Cliente</span>
      {value ? (
        <div className="flex min-h-10 items-center justify-between gap-2 rounded-md bg-blue-50 px-3 text-sm text-blue-900">
          <span>Cliente selecionado: {value.name}</span>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Remover cliente"
            disabled={disabled}
            onClick={() => onChange(null)}
          >
            <CloseIcon className="h-4 w-4" />
          </Button>
        </div>
      ) : (
        <CustomerSearch
          label="Cliente"
          value={query}
          onChange={setQuery}
          results={results}
          onSelect={(c) => {
            onChange({ id: c.id, name: c.name, document: c.document ?? null });
            setQuery('');
          }}
          detail={(c) => formatDocument(c.document)}
        />
      )}
    </div>
  );
}
