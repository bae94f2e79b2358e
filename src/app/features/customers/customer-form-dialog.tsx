// 'Adicionar Novo Cliente' / 'Editar Cliente': validated with the contract, field errors
// from the contract or from the server's 400 details shown under the fields.
import { CustomerCreateSchema, CustomerUpdateSchema, type Customer } from '../../../shared/contract/customers';
import { TextField } from '../../components/field';
import { GridFormDialog } from '../../components/form-dialog';
import { MoneyField } from '../../components/money-input';
import { parseMoneyInput } from '../../../shared/money';
import { toast } from '../../components/toast-store';
import { useRecordForm } from '../../components/use-record-save';
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
  const { errors, saving, add, edit, values, setValues, set, text } = useRecordForm(
    customer,
    { create: useCreateCustomer(), update: useUpdateCustomer() },
    editing ? 'Erro ao atualizar cliente' : 'Erro ao adicionar cliente',
    onClose,
    () => (customer ? customerToForm(customer) : EMPTY_CUSTOMER_FORM),
  );

  function onSubmit() {
    const input = formToInput(values);
    if (customer) {
      // The form has no "active" field: keep the customer's.
      void edit(validateForm(CustomerUpdateSchema, { ...input, active: customer.active }), () =>
        toast({ title: 'Cliente atualizado', description: 'Cliente atualizado com sucesso!' }),
      );
    } else {
      void add(validateForm(CustomerCreateSchema, input), () =>
        toast({ title: 'Cliente adicionado', description: 'Cliente adicionado com sucesso!' }),
      );
    }
  }

  const field = (key: keyof CustomerFormValues) => ({
    ...text(key),
    onBlur: () => {
      const format = FORMAT_ON_BLUR[key];
      if (format) setValues((v) => ({ ...v, [key]: format(v[key]) }));
    },
  });

  return (
    <GridFormDialog
      title={editing ? 'Editar Cliente' : 'Adicionar Novo Cliente'}
      size="lg"
      saving={saving}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Salvar"
    >
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
        onChange={(_centavos, typed) => set('credit_limit', typed)}
        error={errors.credit_limit}
        disabled={saving}
      />
    </GridFormDialog>
  );
}
