// Trocas e Devoluções finds a sale with what the screen knows: the connection, who is signed
// in and the store's troca period (the settings last read; the default before any).
import { useCallback } from 'react';
import { TROCA_PERIOD_DEFAULT_DAYS } from '../../shared/troca-period';
import { usePermissions } from '../auth/use-permissions';
import { useOnline } from '../offline/hooks';
import { findSaleToReturn, type ReturnableSale } from './returns-hooks';
import { useStoreSettings } from '../lib/store-settings';

export function useFindReturnableSale(): (text: string) => Promise<ReturnableSale> {
  const online = useOnline();
  const { user } = usePermissions();
  const days = useStoreSettings().data?.troca_period_days ?? TROCA_PERIOD_DEFAULT_DAYS;
  const role = user?.role ?? 'user';
  return useCallback(
    (text: string) => findSaleToReturn(text, { online, role, trocaPeriodDays: days }),
    [online, role, days],
  );
}
