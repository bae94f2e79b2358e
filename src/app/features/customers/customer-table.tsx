import { formatDocument, formatPhone } from '../../../shared/documents';
import type { Customer } from '../../../shared/contract';
import { EmptyRow, TBody, THead, Table, Td, Th } from '../../components/table';
import { RowActions } from '../../components/row-actions';

interface CustomerTableProps {
  customers: readonly Customer[];
  canWrite: boolean;
  emptyText: string;
  onEdit: (customer: Customer) => void;
  onDelete: (customer: Customer) => void;
}

const orDash = (value: string | null | undefined) => (value ? value : '-');

export function CustomerTable({ customers, canWrite, emptyText, onEdit, onDelete }: CustomerTableProps) {
  return (
    <Table aria-label="Clientes">
      <THead>
        <tr>
          <Th>Nome</Th>
          <Th>CPF/CNPJ</Th>
          <Th>Telefone</Th>
          <Th>E-mail</Th>
          <Th>Cidade</Th>
          <Th className="text-right">Ações</Th>
        </tr>
      </THead>
      <TBody>
        {customers.length === 0 ? <EmptyRow colSpan={6} text={emptyText} /> : null}
        {customers.map((customer) => (
          <tr key={customer.id} className="hover:bg-slate-50">
            <Td className="font-medium text-slate-900">{customer.name}</Td>
            <Td className="whitespace-nowrap">{orDash(formatDocument(customer.document))}</Td>
            <Td className="whitespace-nowrap">{orDash(formatPhone(customer.phone))}</Td>
            <Td>{orDash(customer.email)}</Td>
            <Td>{orDash(customer.city)}</Td>
            <Td className="whitespace-nowrap text-right">
              {canWrite ? (
                <>
                  <RowActions onEdit={() => onEdit(customer)} onDelete={() => onDelete(customer)} />
                </>
              ) : (
                <span className="text-slate-400">-</span>
              )}
            </Td>
          </tr>
        ))}
      </TBody>
    </Table>
  );
}
