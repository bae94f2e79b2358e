import { SearchIcon } from './icons';

interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** Accessible name (the placeholder is not a label). */
  label: string;
}

export function SearchInput({ value, onChange, placeholder, label }: SearchInputProps) {
  return (
    <div className="relative flex-1">
      <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
      <input
        type="search"
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className="h-10 w-full rounded-md border border-slate-300 bg-white pl-9 pr-3 text-sm placeholder:text-slate-500 focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500"
      />
    </div>
  );
}

/** A SearchInput under a visible caption, laid out like the form fields beside it. */
export function SearchField({
  caption,
  className,
  ...input
}: SearchInputProps & { caption: string; className?: string }) {
  return (
    <div className={`flex flex-col gap-1.5 ${className ?? ''}`}>
      {/* the input is named by `label`; the caption only repeats it for the eye */}
      <span className="text-sm font-medium text-slate-700" aria-hidden="true">
        {caption}
      </span>
      <SearchInput {...input} />
    </div>
  );
}
