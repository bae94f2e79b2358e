// A payable's row actions, as its status allows (spec §4, src/shared/accounts.ts):
// 'Marcar como Pago' and 'Editar' only while open; 'Cancelar' while open; 'Excluir'
// unless paid. Icon buttons of 40px, two by two on phones.
import { allowedActions } from '../../../shared/accounts';
import { BanIcon, CheckIcon, PencilIcon, TrashIcon } from '../../components/icons';
import { IconAction, type IconActionProps } from '../../components/row-actions';
import type { PayableRow } from './api';

export type PayableAction = 'pay' | 'edit' | 'cancel' | 'delete';

const ACTIONS: readonly (Omit<IconActionProps, 'onClick'> & { action: PayableAction })[] = [
  { action: 'pay', label: 'Marcar como Pago', className: 'text-green-700', Icon: CheckIcon },
  { action: 'edit', label: 'Editar', className: 'text-slate-600', Icon: PencilIcon },
  { action: 'cancel', label: 'Cancelar', className: 'text-amber-700', Icon: BanIcon },
  { action: 'delete', label: 'Excluir', className: 'text-red-600', Icon: TrashIcon },
];

export function PayableRowActions({
  account,
  onAction,
}: {
  account: PayableRow;
  onAction: (action: PayableAction, account: PayableRow) => void;
}) {
  const allowed = allowedActions(account.status);
  return (
    <div className="grid grid-cols-[repeat(2,2.5rem)] justify-end gap-0.5 sm:flex sm:flex-nowrap">
      {ACTIONS.filter(({ action }) => allowed[action]).map(({ action, ...button }) => (
        <IconAction key={action} {...button} onClick={() => onAction(action, account)} />
      ))}
    </div>
  );
}
