// 'Página X de Y' with 'Anterior' / 'Próxima', shown only when there is more than one page.
import { Button } from './button';

interface PaginationBarProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  disabled?: boolean;
}

export function PaginationBar({ page, totalPages, onPage, disabled = false }: PaginationBarProps) {
  if (totalPages <= 1) return null;
  return (
    <nav
      aria-label="Paginação"
      className="flex items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 text-sm text-slate-600"
    >
      <span>
        Página {page} de {totalPages}
      </span>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
          Anterior
        </Button>
        <Button variant="outline" size="sm" disabled={disabled || page >= totalPages} onClick={() => onPage(page + 1)}>
          Próxima
        </Button>
      </div>
    </nav>
  );
}
