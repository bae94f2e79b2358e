// 'Gestão de Produtos' (spec §2): the catalogue with a local search, 'Filtrar' (status and
// stock, kept in the address), create, edit, delete, and 'Exportar' (the list on screen as
// a CSV for Excel) and 'Etiquetas' (a label for each of them, in Etiquetas).
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Product } from '../../../shared/contract';
import { usePermissions } from '../../auth/use-permissions';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { DeleteConfirm, removalTexts } from '../../components/confirm-dialog';
import { BarcodeIcon, DownloadIcon, FilterIcon, UploadIcon } from '../../components/icons';
import { AddButton, QueryContent } from '../../components/list-card';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { useErrorToast } from '../../components/use-error-toast';
import { importPathOf } from '../../lib/import-path';
import { LABELS_PATH } from '../../lib/label-request';
import { useDeleteProduct, useProducts } from './api';
import {
  countProductFilters,
  filterProducts,
  productFiltersOf,
  withProductFilters,
  type ProductFilters,
} from './filter-products';
import { PRODUCT_FILTERS_PANEL_ID, ProductFiltersPanel } from './product-filters';
import { ProductFormDialog } from './product-form-dialog';
import { exportProducts } from './products-csv';
import { ProductTable } from './product-table';
import { StockMovementsDialog } from './stock-movements-dialog';

type FormState = { product: Product | null } | null;

export function ProductsScreen() {
  const { can } = usePermissions();
  const canWrite = can('products.write');
  const canImport = can('imports.write');
  const productsQuery = useProducts();
  const deleteMutation = useDeleteProduct();
  const [search, setSearch] = useState('');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => productFiltersOf(params), [params]);
  const filterCount = countProductFilters(filters);
  // Opened by 'Filtrar'; a page opened with filters in its address shows them.
  const [filtersOpen, setFiltersOpen] = useState(filterCount > 0);
  const [form, setForm] = useState<FormState>(null);
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const [movementsOf, setMovementsOf] = useState<Product | null>(null);
  const navigate = useNavigate();

  useErrorToast(productsQuery.error, 'Erro ao carregar produtos', 'Erro ao carregar produtos', true);

  const visible = useMemo(
    () => filterProducts(productsQuery.data ?? [], search, filters),
    [productsQuery.data, search, filters],
  );
  const setFilters = (next: ProductFilters) => setParams(withProductFilters(params, next), { replace: true });
  const narrowed = search.trim() !== '' || filterCount > 0;

  return (
    <div>
      <PageHeader
        title="Gestão de Produtos"
        subtitle="Cadastro de produtos, preços e estoque"
        actions={canWrite ? <AddButton label="Novo Produto" onClick={() => setForm({ product: null })} /> : null}
      />
      <Card>
        <div className="flex flex-col gap-3 border-b border-slate-100 p-4 sm:flex-row sm:items-center">
          <SearchInput
            value={search}
            onChange={setSearch}
            placeholder="Buscar por nome ou SKU..."
            label="Buscar produtos"
          />
          {/* The actions wrap on a phone: none may pass the screen's edge. */}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              aria-expanded={filtersOpen}
              aria-controls={PRODUCT_FILTERS_PANEL_ID}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              <FilterIcon className="h-4 w-4" />
              Filtrar
              {filterCount > 0 ? (
                <span className="rounded-full bg-blue-700 px-1.5 text-xs font-semibold text-white">
                  <span className="sr-only">(filtros ativos: </span>
                  {filterCount}
                  <span className="sr-only">)</span>
                </span>
              ) : null}
            </Button>
            <Button
              variant="outline"
              // The rows on screen (the search and the filters apply), as a CSV for Excel.
              onClick={() => exportProducts(visible)}
              disabled={!productsQuery.data}
            >
              <DownloadIcon className="h-4 w-4" />
              Exportar
            </Button>
            {canWrite ? (
              <Button
                variant="outline"
                // One label for each row on screen; Etiquetas takes the quantities from there.
                onClick={() =>
                  void navigate(LABELS_PATH, {
                    state: { labels: visible.map((p) => ({ product_id: p.id, quantity: 1 })) },
                  })
                }
                disabled={visible.length === 0}
              >
                <BarcodeIcon className="h-4 w-4" />
                Etiquetas
              </Button>
            ) : null}
            {canImport ? (
              <Button variant="outline" onClick={() => void navigate(importPathOf('produtos'))}>
                <UploadIcon className="h-4 w-4" />
                Importar
              </Button>
            ) : null}
          </div>
        </div>
        {filtersOpen ? <ProductFiltersPanel filters={filters} onChange={setFilters} /> : null}
        <QueryContent
          query={productsQuery}
          loading="Carregando produtos..."
          failed="Não foi possível carregar os produtos."
          failedClassName="py-12"
        >
          {() => (
            <ProductTable
              products={visible}
              canWrite={canWrite}
              emptyText={narrowed ? 'Nenhum produto encontrado para a busca.' : 'Nenhum produto cadastrado.'}
              onEdit={(product) => setForm({ product })}
              onDelete={setToDelete}
              onMovements={setMovementsOf}
            />
          )}
        </QueryContent>
      </Card>
      {form ? <ProductFormDialog product={form.product} onClose={() => setForm(null)} /> : null}
      {movementsOf ? <StockMovementsDialog product={movementsOf} onClose={() => setMovementsOf(null)} /> : null}
      <DeleteConfirm
        row={toDelete}
        remove={deleteMutation}
        onClose={() => setToDelete(null)}
        {...removalTexts('produto')}
      />
    </div>
  );
}
