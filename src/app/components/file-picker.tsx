// A file field in the app's words: a labelled 'Escolher arquivo' button and the chosen file's
// name, over the browser's own input (kept for keyboard and screen readers, visually hidden),
// whose text would follow the browser's language instead of the app's.
import type { ChangeEvent } from 'react';

interface FilePickerProps {
  label: string;
  accept: string;
  file: File | null;
  onFile: (file: File | null) => void;
  disabled?: boolean;
  buttonText?: string;
}

export function FilePicker({
  label,
  accept,
  file,
  onFile,
  disabled,
  buttonText = 'Escolher arquivo',
}: FilePickerProps) {
  const onChange = (e: ChangeEvent<HTMLInputElement>) => onFile(e.target.files?.[0] ?? null);
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-slate-700">{label}</span>
      <div className="flex flex-wrap items-center gap-3">
        <label className="inline-flex h-10 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 focus-within:ring-2 focus-within:ring-blue-500 hover:bg-slate-50">
          {buttonText}
          <input
            type="file"
            accept={accept}
            className="sr-only"
            aria-label={label}
            disabled={disabled}
            onChange={onChange}
          />
        </label>
        <span className="text-sm break-all text-slate-600">{file ? file.name : 'Nenhum arquivo escolhido'}</span>
      </div>
    </div>
  );
}
