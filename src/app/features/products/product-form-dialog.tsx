// 'Adicionar Novo Produto' / 'Editar Produto': validated with the contract, field errors
// from the contract or from the server's 400 details shown under the fields.
import { useState } from 'react';
import {
  ProductCreateSchema,
  ProductUpdateSchema,
  STOCK_REASON_REQUIRED,
  type Product,
} from '../../../shared/contract/products';
import { CheckboxField, TextField } from '../../components/field';
import { GridFormDialog } from '../../components/form-dialog';
import { MoneyField } from '../../components/money-input';
import { QuantityField } from '../../components/quantity-input';
import { toast } from '../../components/toast-store';
import { useRecordForm } from '../../components/use-record-save';
import { validateForm } from '../../lib/form-errors';
import { useCreateProduct, useUpdateProduct } from './api';
import { ProductFiscalFields } from './product-fiscal-fields';
import {
  barcodeFeedback,
  EMPTY_PRODUCT_FORM,
  formToInput,
  formToUpdate,
  productToForm,
  stockChanged,
} from './product-form';

interface ProductFormDialogProps {
  /** The product being edited, or null for a new one. */
  product: Product | null;
  onClose: () => void;
}

export function ProductFormDialog({ product, onClose }: ProductFormDialogProps) {
  const editing = product !== null;
  const { errors, saving, add, edit, values, set, text } = useRecordForm(
    product,
    { create: useCreateProduct(), update: useUpdateProduct() },
    editing ? 'Erro ao atualizar produto' : 'Erro ao adicionar produto',
    onClose,
    () => (product ? productToForm(product) : EMPTY_PRODUCT_FORM),
  );
  const [barcodeLeft, setBarcodeLeft] = useState(false);
  const barcode = barcodeFeedback(values.barcode, barcodeLeft);
  const adjusting = stockChanged(product, values);

  function onSubmit() {
    if (product) {
      const reasonMissing = adjusting && !values.stock_reason.trim();
      void edit(
        reasonMissing
          ? { ok: false, errors: { stock_reason: STOCK_REASON_REQUIRED }, message: STOCK_REASON_REQUIRED }
          : validateForm(ProductUpdateSchema, formToUpdate(product, values)),
        () => toast({ title: 'Produto atualizado', description: 'Produto atualizado com sucesso!' }),
      );
    } else {
      void add(validateForm(ProductCreateSchema, formToInput(values)), () =>
        toast({ title: 'Produto adicionado', description: 'Produto adicionado com sucesso!' }),
      );
    }
  }

  const money = (key: 'cost_price' | 'sale_price') => ({
    value: values[key],
    onChange: (centavos: number | null) => set(key, centavos),
    error: errors[key],
    disabled: saving,
  });

  return (
    <GridFormDialog
      title={editing ? 'Editar Produto' : 'Adicionar Novo Produto'}
      size="lg"
      saving={saving}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Salvar"
      below={
        <div className="mt-4">
          <CheckboxField
            label="Ativo"
            checked={values.active}
            onChange={(checked) => set('active', checked)}
            disabled={saving}
          />
        </div>
      }
    >
      <TextField label="SKU" autoComplete="off" {...text('sku')} />
      <TextField label="Nome" autoComplete="off" {...text('name')} />
      <TextField label="Tamanho" autoComplete="off" {...text('size')} />
      <TextField label="Cor" autoComplete="off" {...text('color')} />
      <TextField
        label="Código de barras"
        autoComplete="off"
        inputMode="numeric"
        placeholder="EAN/GTIN (opcional)"
        value={values.barcode}
        onChange={(e) => set('barcode', e.target.value)}
        onBlur={() => setBarcodeLeft(true)}
        // Enter from a scanner ends the code; it must not submit the dialog half-filled.
        onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        error={barcode.error ?? (barcode.hint ? undefined : errors.barcode)}
        hint={barcode.hint}
        disabled={saving}
        className="sm:col-span-2"
      />
      <QuantityField label="Estoque atual" {...text('current_stock')} />
      <QuantityField label="Estoque mínimo" {...text('minimum_stock')} />
      {adjusting ? (
        <TextField
          label="Motivo do ajuste de estoque"
          required
          autoComplete="off"
          placeholder="Ex.: avaria, perda, correção de contagem"
          className="sm:col-span-2"
          {...text('stock_reason')}
        />
      ) : null}
      <MoneyField label="Preço de custo" placeholder="0,00" {...money('cost_price')} />
      <MoneyField label="Preço de venda" placeholder="0,00" {...money('sale_price')} />
      <ProductFiscalFields text={text} />
    </GridFormDialog>
  );
}
