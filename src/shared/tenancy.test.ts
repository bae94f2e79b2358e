import { describe, expect, it } from 'vitest';
import { hasPermission, guardAllows, PERMISSIONS, ROLE_PERMISSIONS } from './permissions';
import { subdomainFromHost } from './tenancy';
import { addDays, dayInSaoPaulo, formatDate, isIsoDate, todayIso } from './dates';

describe('tenant from host', () => {
  it.each([
    ['demo.localhost:3000', 'demo'],
    ['loja-2.balcao.com.br', 'loja-2'],
    ['DEMO.localhost', 'demo'],
    ['localhost:3000', null],
    ['127.0.0.1:3000', null],
    ['[::1]:3000', null],
    ['www.balcao.com.br', null],
    ['api.balcao.com.br', null],
    ['test.localhost', null],
    ['loja_2.balcao.com.br', null],
    ['', null],
  ])('%s => %s', (host, expected) => {
    expect(subdomainFromHost(host)).toBe(expected);
  });
  it('limits the label to 100 characters', () => {
    expect(subdomainFromHost(`${'a'.repeat(100)}.x.com`)).toBe('a'.repeat(100));
    expect(subdomainFromHost(`${'a'.repeat(101)}.x.com`)).toBe(null);
  });
});

describe('permissions (spec §6)', () => {
  it("gives the user role exactly the listed permissions: reading the counter's areas, selling, the dashboard", () => {
    const reads = ['products', 'customers', 'sales', 'cash_flow', 'accounts_receivable', 'alerts'];
    expect([...ROLE_PERMISSIONS.user].sort()).toEqual(
      [...reads.map((area) => `${area}.read`), 'sales.create', 'dashboard.view'].sort(),
    );
    expect(hasPermission('user', 'accounts_payable.read')).toBe(false);
    expect(hasPermission('admin', 'accounts_payable.read')).toBe(true);
    for (const permission of PERMISSIONS) expect(hasPermission('admin', permission), permission).toBe(true);
  });
  it('a guard without a key passes only admins', () => {
    expect(guardAllows('admin')).toBe(true);
    expect(guardAllows('user')).toBe(false);
    expect(guardAllows('user', 'products.read')).toBe(true);
    expect(guardAllows(null, 'products.read')).toBe(false);
  });
});

describe('dates in São Paulo (UTC-3)', () => {
  it('an instant after 21:00 UTC-3 belongs to that São Paulo day, not the UTC one', () => {
    expect(dayInSaoPaulo(new Date('2026-11-23T02:30:00Z'))).toBe('2026-11-22');
    expect(dayInSaoPaulo(new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-23');
    expect(todayIso(Date.parse('2026-01-01T01:00:00Z'))).toBe('2025-12-31');
  });
  it('adds days across months and formats dd/MM/yyyy', () => {
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
    expect(formatDate('2026-03-02')).toBe('02/03/2026');
    expect(formatDate('2026-11-23T02:30:00Z')).toBe('22/11/2026');
  });
  it('validates calendar dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('28/02/2026')).toBe(false);
  });
});
