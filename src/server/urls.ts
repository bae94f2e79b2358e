/** The local address of a store: its subdomain under localhost (browsers resolve *.localhost). */
export function storeUrl(subdomain: string, port: number): string {
  return `http://${subdomain}.localhost:${port}`;
}
