import { formatDocument, formatPhone } from '../../../shared/documents';
import { formatBRL } from '../../../shared/money';
import type { Customer } from '../../../shared/contract';
import { cn } from '../../components/cn';
import { FOLD, ListTable, Td, type Column } from '../../components/table';
import { ACTIONS_COLUMN, RowActionsCell, type EditableTableProps } from '../../components/row-actions';

interface CustomerTableProps extends EditableTableProps<Customer> {
  customers: readonly Customer[];
}

const COLUMNS: readonly Column[] = [
  { label: 'Nome' },
  { label: 'CPF/CNPJ', className: FOLD.from.md },
  { label: 'Telefone', className: FOLD.from.md },
  { label: 'E-mail', className: FOLD.from.xl },
  { label: 'Cidade', className: FOLD.from.xl },
];

const orDash = (value: string | null | undefined) => (value ? value : '-');

/** A customer's own limit (without one, the store's default holds and nothing is said). */
export const creditLimitText = (centavos: number) =>
  centavos > 0 ? `Limite de crédito: ${formatBRL(centavos)}` : 'Sem limite de crédito';

/**
 * Name (with the vale-troca and the customer's own credit limit), document, phone, e-mail, city and (for who may change them) the actions. Narrower
 * screens fold e-mail and city (below xl), then document and phone (below md), under the
 * name; the actions always stay, but for the store's 'Consumidor final', which is never
 * changed. Without permission to change there is no actions column.
 */
export function CustomerTable({ customers, canWrite, emptyText, onEdit, onDelete }: CustomerTableProps) {
  return (
    <ListTable
      label="Clientes"
      columns={canWrite ? [...COLUMNS, ACTIONS_COLUMN] : COLUMNS}
      rows={customers}
      emptyText={emptyText}
    >
      {(customer) => {
        const document = formatDocument(customer.document);
        const phone = formatPhone(customer.phone);
        return (
          <tr key={customer.id} className="hover:bg-slate-50">
            <Td>
              <div className="font-medium text-slate-900">{customer.name}</div>
              {customer.final_consumer ? (
                <div className="mt-0.5 text-xs text-slate-600">Cliente padrão das vendas sem identificação</div>
              ) : null}
              {customer.store_credit ? (
                <div className="mt-0.5 text-xs font-medium text-emerald-800">
                  Vale-troca: {formatBRL(customer.store_credit)}
                </div>
              ) : null}
              {customer.credit_limit != null ? (
                <div className="mt-0.5 text-xs text-slate-600">{creditLimitText(customer.credit_limit)}</div>
              ) : null}
              <div className={cn(FOLD.upTo.md, 'mt-0.5 text-xs text-slate-600')}>
                {[document, phone].filter(Boolean).join(' · ')}
              </div>
              <div className={cn(FOLD.upTo.xl, 'mt-0.5 break-all text-xs text-slate-600')}>
                {[customer.email, customer.city].filter(Boolean).join(' · ')}
              </div>
            </Td>
            <Td className={cn(FOLD.from.md, 'whitespace-nowrap')}>{orDash(document)}</Td>
            <Td className={cn(FOLD.from.md, 'whitespace-nowrap')}>{orDash(phone)}</Td>
            <Td className={cn(FOLD.from.xl, 'break-all')}>{orDash(customer.email)}</Td>
            <Td className={FOLD.from.xl}>{orDash(customer.city)}</Td>
            {!canWrite ? null : customer.final_consumer ? (
              <Td className="w-0" />
            ) : (
              <RowActionsCell row={customer} onEdit={onEdit} onDelete={onDelete} />
            )}
          </tr>
        );
      }}
    </ListTable>
  );
}
