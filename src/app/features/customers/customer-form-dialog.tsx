// 'Adicionar Novo Cliente' / 'Editar Cliente': validated with the contract, field errors
// from the contract or from the server's 400 details shown under the fields.
import { useState, type FormEvent } from 'react';
import { CustomerCreateSchema, CustomerUpdateSchema, type Customer } from '../../../shared/contract/customers';
import { Button } from '../../components/button';
import { Dialog, DialogFooter } from '../../components/dialog';
import { TextField } from '../../components/field';
import { MoneyField } from '../../components/money-input';
import { parseMoneyInput } from '../../../shared/money';
import { toast } from '../../components/toast-store';
import { useFormSave } from '../../components/use-form-save';
import { validateForm } from '../../lib/form-errors';
import { useCreateCustomer, useUpdateCustomer } from './api';
import {
  customerToForm,
  EMPTY_CUSTOMER_FORM,
  FORMAT_ON_BLUR,
  formToInput,
  type CustomerFormValues,
} from './customer-form';

interface CustomerFormDialogProps {
  customer: Customer | null;
  onClose: () => void;
}

export function CustomerFormDialog({ customer, onClose }: CustomerFormDialogProps) {
  const editing = customer !== null;
  const [values, setValues] = useState<CustomerFormValues>(() =>
    customer ? customerToForm(customer) : EMPTY_CUSTOMER_FORM,
  );
  const createMutation = useCreateCustomer();
  const updateMutation = useUpdateCustomer();
  const saving = createMutation.isPending || updateMutation.isPending;
  const failTitle = editing ? 'Erro ao atualizar cliente' : 'Erro ao adicionar cliente';
  const { errors, save } = useFormSave(failTitle, onClose);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = formToInput(values);
    if (customer) {
      void save(
        // The form has no "active" field: keep the customer's.
        validateForm(CustomerUpdateSchema, { ...input, active: customer.active }),
        (value) => updateMutation.mutateAsync({ id: customer.id, value }),
        () => toast({ title: 'Cliente atualizado', description: 'Cliente atualizado com sucesso!' }),
      );
    } else {
      void save(
        validateForm(CustomerCreateSchema, input),
        (value) => createMutation.mutateAsync(value),
        () => toast({ title: 'Cliente adicionado', description: 'Cliente adicionado com sucesso!' }),
      );
    }
  }

  const field = (key: keyof CustomerFormValues) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
    onBlur: () => {
      const format = FORMAT_ON_BLUR[key];
      if (format) setValues((v) => ({ ...v, [key]: format(v[key]) }));
    },
    error: errors[key],
    disabled: saving,
  });

  return (
    <Dialog
      open
      onClose={() => !saving && onClose()}
      title={editing ? 'Editar Cliente' : 'Adicionar Novo Cliente'}
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label="Nome" required autoComplete="off" className="sm:col-span-2" {...field('name')} />
          <TextField label="E-mail" type="email" autoComplete="off" {...field('email')} />
          <TextField label="Telefone" type="tel" autoComplete="off" {...field('phone')} />
          <TextField label="CPF/CNPJ" autoComplete="off" {...field('document')} />
          <TextField label="CEP" inputMode="numeric" autoComplete="off" {...field('zip_code')} />
          <TextField label="Endereço" autoComplete="off" className="sm:col-span-2" {...field('address')} />
          <TextField label="Cidade" autoComplete="off" {...field('city')} />
          <TextField label="UF" maxLength={2} autoComplete="off" {...field('state')} />
          <MoneyField
            label="Limite de crédito"
            hint="Crediário em aberto que o cliente pode dever. Vazio: o limite padrão da loja; 0: sem limite."
            placeholder="Padrão da loja"
            value={parseMoneyInput(values.credit_limit)}
            onChange={(_centavos, text) => setValues((v) => ({ ...v, credit_limit: text }))}
            error={errors.credit_limit}
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
