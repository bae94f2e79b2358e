// Tenant = first label of the host name (spec §5).
import { RESERVED_SUBDOMAINS, SUBDOMAIN_MAX_LENGTH, SUBDOMAIN_MIN_LENGTH } from './constants';

const SUBDOMAIN = /^[a-z0-9-]+$/;

export function isValidSubdomain(label: string): boolean {
  return label.length >= SUBDOMAIN_MIN_LENGTH && label.length <= SUBDOMAIN_MAX_LENGTH && SUBDOMAIN.test(label);
}

export function isReservedSubdomain(label: string): boolean {
  return (RESERVED_SUBDOMAINS as readonly string[]).includes(label);
}

/**
 * The tenant subdomain named by a Host header or location.hostname, or null when the
 * host names none: IP addresses, a bare 'localhost', reserved labels, invalid labels.
 * 'demo.localhost:3000' => 'demo'; 'loja2.balcao.com.br' => 'loja2'.
 */
export function subdomainFromHost(host: string | undefined | null): string | null {
  if (!host) return null;
  let hostname = host.trim().toLowerCase();
  if (hostname.startsWith('[')) return null; // IPv6 literal
  hostname = hostname.replace(/:\d+$/, '');
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':')) return null;
  const labels = hostname.split('.');
  if (labels.length < 2) return null; // 'localhost' or a bare machine name
  const first = labels[0]!;
  if (!isValidSubdomain(first) || isReservedSubdomain(first)) return null;
  return first;
}
