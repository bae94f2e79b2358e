// Stores (tenants): created by the operator (CLI, demo seed), looked up by subdomain.
import { z as zm } from 'zod/mini';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { PAYABLE_CATEGORIES } from '../../shared/constants';
import { CompanyUpdateSchema, Email, RequiredText, SubdomainSchema, UserCreateSchema } from '../../shared/contract';
import { isReservedSubdomain, isValidSubdomain } from '../../shared/tenancy';
import { inTransaction, type DbOrTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { expenseCategories, tenants, users, type TenantRow } from '../db/schema';
import { conflict } from '../errors';
import { parseOrThrow } from '../validation';
import { companyColumns } from './company';
import { hashPassword } from './passwords';
import { toUser } from './users';
import type { StoreSettingsUpdate, User } from '../../shared/contract';
import { ensureFinalConsumer } from '../catalogue/customers';

/** Operator input (CLI and seed), not an API payload. */
export const TenantCreateInputSchema = z.object({
  subdomain: SubdomainSchema.check(
    zm.refine((s) => !isReservedSubdomain(s), {
      error: (issue) => `O subdomínio "${String(issue.input)}" é reservado e não pode ser usado`,
    }),
  ),
  name: RequiredText('Nome da loja', 200),
  adminEmail: Email,
  adminPassword: UserCreateSchema.shape.password,
  adminName: zm._default(RequiredText('Nome do administrador', 120), 'Administrador'),
  cnpj: CompanyUpdateSchema.shape.cnpj,
  phone: CompanyUpdateSchema.shape.phone,
  email: CompanyUpdateSchema.shape.email,
  address: CompanyUpdateSchema.shape.address,
});
export type TenantCreateInput = z.input<typeof TenantCreateInputSchema>;

export interface CreatedTenant {
  tenant: TenantRow;
  admin: User;
}

/**
 * Creates a store with its first admin, the default expense categories and its 'Consumidor
 * final' (a new store starts each sale with it: the setting on), in one transaction.
 */
export async function createTenant(db: DbOrTx, input: TenantCreateInput, tx?: DbOrTx): Promise<CreatedTenant> {
  const data = parseOrThrow(TenantCreateInputSchema, input);
  const passwordHash = await hashPassword(data.adminPassword);
  try {
    return await inTransaction(db, tx, async (t) => {
      const [tenant] = await t
        .insert(tenants)
        .values({
          ...companyColumns(data),
          subdomain: data.subdomain,
          name: data.name,
          settings: { final_consumer: true } satisfies StoreSettingsUpdate,
        })
        .returning();
      const [admin] = await t
        .insert(users)
        .values({
          tenantId: tenant!.id,
          name: data.adminName,
          email: data.adminEmail,
          passwordHash,
          role: 'admin',
        })
        .returning();
      await t.insert(expenseCategories).values(PAYABLE_CATEGORIES.map((name) => ({ tenantId: tenant!.id, name })));
      await ensureFinalConsumer(t, tenant!.id);
      return { tenant: tenant!, admin: toUser(admin!) };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'tenants_subdomain_key')) {
      throw conflict(`O subdomínio "${data.subdomain}" já está em uso por outra loja.`);
    }
    throw err;
  }
}

export async function listTenants(db: DbOrTx): Promise<TenantRow[]> {
  return db.select().from(tenants).orderBy(asc(tenants.subdomain));
}

export async function getTenant(db: DbOrTx, tenantId: string): Promise<TenantRow | null> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
  return row ?? null;
}

/** null for reserved or malformed labels without touching the database. */
export async function findTenantBySubdomain(db: DbOrTx, subdomain: string): Promise<TenantRow | null> {
  if (!isValidSubdomain(subdomain) || isReservedSubdomain(subdomain)) return null;
  const [row] = await db.select().from(tenants).where(eq(tenants.subdomain, subdomain));
  return row ?? null;
}

export async function hasAnyTenant(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: tenants.id }).from(tenants).limit(1);
  return rows.length > 0;
}
