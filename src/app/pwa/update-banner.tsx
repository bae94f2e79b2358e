// 'Nova versão disponível': a new service worker waits until the person accepts it.
import { useEffect, useState } from 'react';
import { Banner } from './banner';
import { applyUpdate, onUpdateWaiting } from './register-sw';

export function UpdateBanner() {
  const [waiting, setWaiting] = useState(false);
  useEffect(() => onUpdateWaiting(setWaiting), []);
  if (!waiting) return null;
  return (
    <Banner
      role="status"
      className="fixed bottom-4 left-1/2 z-[90] flex -translate-x-1/2 items-center gap-3 rounded-lg bg-slate-900 px-4 py-2 text-sm text-white shadow-lg"
      text="Nova versão disponível"
      action="Atualizar"
      onAction={applyUpdate}
      actionClassName="bg-blue-600 font-medium hover:bg-blue-500"
    />
  );
}
