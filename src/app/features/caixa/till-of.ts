// How Caixas names a session's till: 'Caixa 1 (A)' (shared/till-name.ts).
import type { CashSession } from '../../../shared/contract/cash-sessions';
import { tillName } from '../../../shared/till-name';

export const tillOf = (s: Pick<CashSession, 'device_name' | 'device_code' | 'device_label'>): string | null =>
  tillName({ name: s.device_name, code: s.device_code, label: s.device_label });
