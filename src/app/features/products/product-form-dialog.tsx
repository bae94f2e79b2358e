// 'Adicionar Novo Produto' / 'Editar Produto': validated with the contract, field errors
// from the contract or from the server's 400 details shown under the fields.
import { useState, type FormEvent } from 'react';
import { ProductCreateSchema, ProductUpdateSchema, type Product } from '../../../shared/contract/products';
import { Button } from '../../components/button';
import { Dialog, DialogFooter } from '../../components/dialog';
import { CheckboxField, TextField } from '../../components/field';
import { toast } from '../../components/toast-store';
import { useFormSave } from '../../components/use-form-save';
import { validateForm } from '../../lib/form-errors';
import { useCreateProduct, useUpdateProduct } from './api';
import { EMPTY_PRODUCT_FORM, formToInput, productToForm, type ProductFormValues } from './product-form';

interface ProductFormDialogProps {
  /** The product being edited, or null for a new one. */
  product: Product | null;
  onClose: () => void;
}

export function ProductFormDialog({ product, onClose }: ProductFormDialogProps) {
  const editing = product !== null;
  const [values, setValues] = useState<ProductFormValues>(() =>
    product ? productToForm(product) : EMPTY_PRODUCT_FORM,
  );
  const createMutation = useCreateProduct();
  const updateMutation = useUpdateProduct();
  const saving = createMutation.isPending || updateMutation.isPending;
  const failTitle = editing ? 'Erro ao atualizar produto' : 'Erro ao adicionar produto';
  const { errors, save } = useFormSave(failTitle, onClose);

  function set<K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = formToInput(values);
    if (product) {
      void save(
        validateForm(ProductUpdateSchema, input),
        (value) => updateMutation.mutateAsync({ id: product.id, value }),
        () => toast({ title: 'Produto atualizado', description: 'Produto atualizado com sucesso!' }),
      );
    } else {
      void save(
        validateForm(ProductCreateSchema, input),
        (value) => createMutation.mutateAsync(value),
        () => toast({ title: 'Produto adicionado', description: 'Produto adicionado com sucesso!' }),
      );
    }
  }

  const field = (key: Exclude<keyof ProductFormValues, 'active'>) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    error: errors[key],
    disabled: saving,
  });

  return (
    <Dialog
      open
      onClose={() => !saving && onClose()}
      title={editing ? 'Editar Produto' : 'Adicionar Novo Produto'}
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label="SKU" autoComplete="off" {...field('sku')} />
          <TextField label="Nome" autoComplete="off" {...field('name')} />
          <TextField label="Tamanho" autoComplete="off" {...field('size')} />
          <TextField label="Cor" autoComplete="off" {...field('color')} />
          <TextField label="Estoque atual" type="number" step="1" inputMode="numeric" {...field('current_stock')} />
          <TextField label="Estoque mínimo" type="number" step="1" inputMode="numeric" {...field('minimum_stock')} />
          <TextField
            label="Preço de custo"
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            {...field('cost_price')}
          />
          <TextField
            label="Preço de venda"
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            {...field('sale_price')}
          />
        </div>
        <div className="mt-4">
          <CheckboxField
            label="Ativo"
            checked={values.active}
            onChange={(checked) => set('active', checked)}
            disabled={saving}
          />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Salvando...' : 'Salvar'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
