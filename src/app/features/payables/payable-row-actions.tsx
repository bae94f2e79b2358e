// A payable's row actions, as its status allows (spec §4, src/shared/accounts.ts):
// 'Marcar como Pago' and 'Editar' only while open; 'Cancelar' while open; 'Excluir'
// unless paid. Icon buttons of 40px, two by two on phones.
import type { ReactNode } from 'react';
import { allowedActions } from '../../../shared/accounts';
import { cn } from '../../components/cn';
import { BanIcon, CheckIcon, PencilIcon, TrashIcon } from '../../components/icons';
import type { PayableRow } from './api';

export type PayableAction = 'pay' | 'edit' | 'cancel' | 'delete';

const ACTION = 'inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-slate-100';

function ActionButton({
  label,
  className,
  onClick,
  children,
}: {
  label: string;
  className: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" aria-label={label} title={label} className={cn(ACTION, className)} onClick={onClick}>
      {children}
    </button>
  );
}

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
      {allowed.pay ? (
        <ActionButton label="Marcar como Pago" className="text-green-700" onClick={() => onAction('pay', account)}>
          <CheckIcon className="h-4 w-4" />
        </ActionButton>
      ) : null}
      {allowed.edit ? (
        <ActionButton label="Editar" className="text-slate-600" onClick={() => onAction('edit', account)}>
          <PencilIcon className="h-4 w-4" />
        </ActionButton>
      ) : null}
      {allowed.cancel ? (
        <ActionButton label="Cancelar" className="text-amber-700" onClick={() => onAction('cancel', account)}>
          <BanIcon className="h-4 w-4" />
        </ActionButton>
      ) : null}
      {allowed.delete ? (
        <ActionButton label="Excluir" className="text-red-600" onClick={() => onAction('delete', account)}>
          <TrashIcon className="h-4 w-4" />
        </ActionButton>
      ) : null}
    </div>
  );
}
