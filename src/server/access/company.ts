// The caller's own company (tenant record). Stores are created and removed only by the operator.
import { eq } from 'drizzle-orm';
import type { Company, CompanyUpdate } from '../../shared/contract';
import type { DbOrTx } from '../db/client';
import { tenants, type TenantRow } from '../db/schema';
import { MESSAGES, notFound } from '../errors';

export const COMPANY_NOT_FOUND = 'Empresa não encontrada.';

export function toCompany(row: TenantRow): Company {
  return {
    id: row.id,
    name: row.name,
    cnpj: row.cnpj,
    phone: row.phone,
    email: row.email,
    address: row.address,
    theme: row.theme,
    currency: row.currency,
    subdomain: row.subdomain,
  };
}

export async function getCompany(db: DbOrTx, tenantId: string): Promise<Company> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw notFound(MESSAGES.tenantNotFound);
  return toCompany(row);
}

/** Absent optional fields stay as they are; null (or blank) clears them. */
export async function updateCompany(db: DbOrTx, tenantId: string, input: CompanyUpdate): Promise<Company> {
  const [row] = await db
    .update(tenants)
    .set({
      name: input.name,
      cnpj: input.cnpj,
      phone: input.phone,
      email: input.email,
      address: input.address,
      theme: input.theme,
      currency: input.currency,
      updatedAt: new Date(),
    })
    .where(eq(tenants.id, tenantId))
    .returning();
  if (!row) throw notFound(MESSAGES.tenantNotFound);
  return toCompany(row);
}
