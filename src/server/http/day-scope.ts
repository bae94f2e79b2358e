// Non-admins see only today's data (spec §6, DESIGN.md): whatever range they ask for,
// the server answers for today (São Paulo). Routes pass every date-ranged query through it.
import { NON_ADMIN_RANGE_DAYS } from '../../shared/constants';
import { addDays, todayIso } from '../../shared/dates';
import { isDayScoped, type Role } from '../../shared/permissions';

interface DateRange {
  start_date?: string | undefined;
  end_date?: string | undefined;
}

export function dayScoped<T extends DateRange>(role: Role, query: T): T {
  if (!isDayScoped(role)) return query;
  const today = todayIso();
  return { ...query, start_date: addDays(today, -(NON_ADMIN_RANGE_DAYS - 1)), end_date: today };
}
