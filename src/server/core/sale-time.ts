// When a sale counts as sold. received_at is the server's clock when the sale arrived.
// The device's sold_at is kept when it lies in [received_at - SALE_SOLD_AT_PAST_MAX_MS,
// received_at + SALE_SOLD_AT_FUTURE_MAX_MS] (a sale a little "in the future" is a clock
// slightly ahead); otherwise the sale is dated received_at, keeps the device's time in
// claimed_sold_at and carries a clock conflict.
import { SALE_SOLD_AT_FUTURE_MAX_MS, SALE_SOLD_AT_PAST_MAX_MS } from '../../shared/constants';

/** When a sale counts as sold, and the device's time when it was not believed. */
export function saleTime(sent: string | undefined, receivedAt: Date): { soldAt: Date; claimedSoldAt: Date | null } {
  if (!sent) return { soldAt: receivedAt, claimedSoldAt: null };
  const claimed = new Date(sent);
  const offset = claimed.getTime() - receivedAt.getTime();
  if (offset < -SALE_SOLD_AT_PAST_MAX_MS || offset > SALE_SOLD_AT_FUTURE_MAX_MS) {
    return { soldAt: receivedAt, claimedSoldAt: claimed };
  }
  return { soldAt: claimed, claimedSoldAt: null };
}
