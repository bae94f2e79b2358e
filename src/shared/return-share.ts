// What returned units are worth, one rule for the server's return and the device's dialog
// and caixa: each line's share of what the line was charged (discounts already out), in
// centavos, rounded so that the returns of a whole line add up to it to the centavo.

/** The value of `quantity` more units of a line of which `before` already went back (centavos). */
export function lineShare(line: { quantity: number; total_price: number }, before: number, quantity: number): number {
  const upTo = (n: number) => Math.round((line.total_price * n) / line.quantity);
  return upTo(before + quantity) - upTo(before);
}
