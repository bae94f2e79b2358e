// A search field with a dropdown of results (ARIA combobox): arrows move, Enter picks,
// Escape closes. Results come from the caller (the mirror's in-memory index). While the
// caller cannot search yet (`loading`), the field takes typing and its dropdown says
// 'Carregando...' (and the detail given) in place of results.
import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { cn } from './cn';
import { SearchIcon } from './icons';
import { Spinner } from './spinner';

/** The searched data is not there yet; `detail` (the progress) goes under 'Carregando...'. */
export interface SearchLoading {
  detail: string | null;
}

export interface SearchComboboxProps<T> {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  results: T[];
  getKey: (item: T) => string;
  renderOption: (item: T) => ReactNode;
  onSelect: (item: T) => void;
  emptyText: string;
  inputRef?: Ref<HTMLInputElement>;
  loading?: SearchLoading | null;
}

export function SearchCombobox<T>({
  label,
  placeholder,
  value,
  onChange,
  results: found,
  getKey,
  renderOption,
  onSelect,
  emptyText,
  inputRef,
  loading = null,
}: SearchComboboxProps<T>) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const showList = open && value.trim() !== '';
  // Nothing to offer while loading (the caller's results are empty then anyway).
  const results = loading ? [] : found;
  const activeIndex = Math.min(active, Math.max(0, results.length - 1));

  function pick(item: T) {
    onSelect(item);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive(Math.min(activeIndex + 1, results.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(Math.max(activeIndex - 1, 0));
    } else if (event.key === 'Enter' && showList) {
      event.preventDefault();
      const item = results[activeIndex];
      if (item !== undefined) pick(item);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  return (
    <div className="relative">
      {loading ? (
        <Spinner className="pointer-events-none absolute left-3 top-5 h-4 w-4 -translate-y-1/2" />
      ) : (
        <SearchIcon className="pointer-events-none absolute left-3 top-5 h-4 w-4 -translate-y-1/2 text-slate-400" />
      )}
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        aria-label={label}
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-busy={loading ? true : undefined}
        aria-activedescendant={showList && results.length > 0 ? `${listId}-${activeIndex}` : undefined}
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        onChange={(event) => {
          onChange(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="h-10 w-full rounded-md border border-slate-300 bg-white pl-9 pr-3 text-sm placeholder:text-slate-500 focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500"
      />
      {showList ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          className="absolute z-30 mt-1 max-h-80 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          {loading ? (
            <li className="flex flex-col px-3 py-2 text-sm text-slate-600">
              <span>Carregando...</span>
              {loading.detail ? <span className="text-xs text-slate-500">{loading.detail}</span> : null}
            </li>
          ) : results.length === 0 ? (
            <li className="px-3 py-2 text-sm text-slate-500">{emptyText}</li>
          ) : (
            results.map((item, i) => (
              <li
                key={getKey(item)}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === activeIndex}
                // mousedown, not click: the input's blur would close the list first.
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(item);
                }}
                onMouseEnter={() => setActive(i)}
                className={cn(
                  'cursor-pointer px-3 py-2 text-sm',
                  i === activeIndex ? 'bg-blue-50 text-blue-900' : 'text-slate-800',
                )}
              >
                {renderOption(item)}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
