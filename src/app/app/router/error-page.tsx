import { Link } from 'react-router-dom';

export function ErrorPage({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : null;
  return (
    <div role="alert" className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
      {detail ? <p className="max-w-lg break-words text-sm text-slate-600">{detail}</p> : null}
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="inline-flex h-10 items-center rounded-md bg-blue-700 px-4 text-sm font-medium text-white hover:bg-blue-800"
        >
          Recarregar
        </button>
        <Link
          to="/"
          className="inline-flex h-10 items-center rounded-md border border-slate-300 px-4 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          Ir para o início
        </Link>
      </div>
    </div>
  );
}
