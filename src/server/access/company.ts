// The caller's own company (tenant record). Stores are created and removed only by the operator.
import { eq } from 'drizzle-orm';
import type { Company, CompanyUpdate } from '../../shared/contract';
import { apiFields } from '../db/api-fields';
import type { DbOrTx } from '../db/client';
import { tenants, type TenantRow } from '../db/schema';
import { MESSAGES, notFound } from '../errors';

export const COMPANY_NOT_FOUND = 'Empresa não encontrada.';

const EDITABLE = ['name', 'cnpj', 'phone', 'email', 'address', 'theme', 'currency'] as const;
const shown = apiFields(tenants, ['id', ...EDITABLE, 'subdomain']);
const editable = apiFields(tenants, EDITABLE);

export function toCompany(row: TenantRow): Company {
  return shown.toApi(row) as Company;
}

/** The store's columns an edit sets, or a new store starts with (absent fields left out). */
export const companyColumns = (input: object) => editable.fromApi(input);

export async function getCompany(db: DbOrTx, tenantId: string): Promise<Company> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw notFound(MESSAGES.tenantNotFound);
  return toCompany(row);
}

/** Absent optional fields stay as they are; null (or blank) clears them. */
export async function updateCompany(db: DbOrTx, tenantId: string, input: CompanyUpdate): Promise<Company> {
  const [row] = await db
    .update(tenants)
    .set({ ...companyColumns(input), updatedAt: new Date() })
    .where(eq(tenants.id, tenantId))
    .returning();
  if (!row) throw notFound(MESSAGES.tenantNotFound);
  return toCompany(row);
}
