// A table row's icon buttons of 40px (the icon's label is the button's name and title),
// and the usual pair: 'Editar' and 'Excluir', alone or as the row's last cell.
import type { ComponentType } from 'react';
import { cn } from './cn';
import { PencilIcon, TrashIcon } from './icons';
import { Td, type Column } from './table';

const ACTION = 'inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-slate-100';

export interface IconActionProps {
  label: string;
  /** The text colour ('text-red-600'). */
  className: string;
  Icon: ComponentType<{ className?: string }>;
  onClick: () => void;
}

export function IconAction({ label, className, Icon, onClick }: IconActionProps) {
  return (
    <button type="button" aria-label={label} title={label} className={cn(ACTION, className)} onClick={onClick}>
      <Icon className="h-4 w-4" />
    </button>
  );
}

export function RowActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <IconAction label="Editar" className="text-slate-600" Icon={PencilIcon} onClick={onEdit} />
      <IconAction label="Excluir" className="text-red-600" Icon={TrashIcon} onClick={onDelete} />
    </>
  );
}

/** A table of records a person may change: its empty text, and 'Editar' and 'Excluir' when `canWrite`. */
export interface EditableTableProps<T> {
  canWrite: boolean;
  emptyText: string;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
}

/** The heading of a row's 'Ações' column (RowActions, RowActionsCell). */
export const ACTIONS_COLUMN: Column = { label: 'Ações', className: 'text-right' };

/** The row's last cell ('Ações'), as narrow as its two buttons: 'Editar' and 'Excluir' for `row`. */
export function RowActionsCell<T>({
  row,
  onEdit,
  onDelete,
}: {
  row: T;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
}) {
  return (
    <Td className="w-0 whitespace-nowrap text-right">
      <RowActions onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
    </Td>
  );
}
