import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 p-6 text-center">
      <p className="text-6xl font-bold text-slate-500">404</p>
      <h1 className="text-xl font-semibold text-slate-900">Oops! Page not found</h1>
      <Link
        to="/"
        className="inline-flex h-10 items-center rounded-md bg-blue-700 px-4 text-sm font-medium text-white hover:bg-blue-800"
      >
        Voltar para o início
      </Link>
    </main>
  );
}
