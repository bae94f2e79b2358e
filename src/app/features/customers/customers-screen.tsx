// Clientes (spec §2): the list with a local search, create, edit, delete; 'Exportar' the
// rows on screen as the CSV 'Importar' reads back (customers-csv.ts).
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Customer } from '../../../shared/contract';
import { usePermissions } from '../../auth/use-permissions';
import { Button } from '../../components/button';
import { Card, CardHeader } from '../../components/card';
import { DeleteConfirm, removalTexts } from '../../components/confirm-dialog';
import { AddButton, QueryContent } from '../../components/list-card';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { DownloadIcon, UploadIcon } from '../../components/icons';
import { useErrorToast } from '../../components/use-error-toast';
import { importPathOf } from '../../lib/import-path';
import { useCustomers, useDeleteCustomer } from './api';
import { CustomerFormDialog } from './customer-form-dialog';
import { CustomerTable } from './customer-table';
import { exportCustomers } from './customers-csv';
import { filterCustomers } from './filter-customers';

type FormState = { customer: Customer | null } | null;

export function CustomersScreen() {
  const { can, isAdmin } = usePermissions();
  const canWrite = can('customers.write');
  const canImport = can('imports.write');
  const navigate = useNavigate();
  const customersQuery = useCustomers();
  const deleteMutation = useDeleteCustomer();
  const [search, setSearch] = useState('');
  const [form, setForm] = useState<FormState>(null);
  const [toDelete, setToDelete] = useState<Customer | null>(null);

  useErrorToast(customersQuery.error, 'Erro ao carregar clientes', 'Erro ao carregar clientes', true);

  const visible = useMemo(() => filterCustomers(customersQuery.data ?? [], search), [customersQuery.data, search]);

  return (
    <div>
      <PageHeader
        title="Clientes"
        subtitle="Cadastro e consulta de clientes"
        actions={
          <div className="flex flex-wrap gap-2">
            {isAdmin ? (
              // Documents and phones of every customer: the owner's to take out, not the counter's.
              <Button variant="outline" onClick={() => exportCustomers(visible)} disabled={visible.length === 0}>
                <DownloadIcon className="h-4 w-4" />
                Exportar
              </Button>
            ) : null}
            {canImport ? (
              <Button variant="outline" onClick={() => void navigate(importPathOf('clientes'))}>
                <UploadIcon className="h-4 w-4" />
                Importar
              </Button>
            ) : null}
            {canWrite ? <AddButton label="Novo Cliente" onClick={() => setForm({ customer: null })} /> : null}
          </div>
        }
      />
      <Card>
        <CardHeader title="Lista de Clientes" />
        <div className="border-b border-slate-100 p-4">
          <SearchInput
            value={search}
            onChange={setSearch}
            placeholder="Buscar por nome ou CPF..."
            label="Buscar clientes"
          />
        </div>
        <QueryContent
          query={customersQuery}
          loading="Carregando clientes..."
          failed="Não foi possível carregar os clientes."
          failedClassName="py-12"
        >
          {() => (
            <CustomerTable
              customers={visible}
              canWrite={canWrite}
              emptyText={search.trim() ? 'Nenhum cliente encontrado para a busca.' : 'Nenhum cliente cadastrado.'}
              onEdit={(customer) => setForm({ customer })}
              onDelete={setToDelete}
            />
          )}
        </QueryContent>
      </Card>
      {form ? <CustomerFormDialog customer={form.customer} onClose={() => setForm(null)} /> : null}
      <DeleteConfirm
        row={toDelete}
        remove={deleteMutation}
        onClose={() => setToDelete(null)}
        {...removalTexts('cliente')}
      />
    </div>
  );
}
