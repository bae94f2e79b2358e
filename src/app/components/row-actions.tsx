// The edit and delete buttons of a table row (labels 'Editar' / 'Excluir').
import { cn } from './cn';
import { PencilIcon, TrashIcon } from './icons';

const ACTION = 'inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-slate-100';

export function RowActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <button
        type="button"
        aria-label="Editar"
        title="Editar"
        className={cn(ACTION, 'text-slate-600')}
        onClick={onEdit}
      >
        <PencilIcon className="h-4 w-4" />
      </button>
      <button
        type="button"
        aria-label="Excluir"
        title="Excluir"
        className={cn(ACTION, 'text-red-600')}
        onClick={onDelete}
      >
        <TrashIcon className="h-4 w-4" />
      </button>
    </>
  );
}
