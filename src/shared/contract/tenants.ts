import { z } from 'zod/mini';
import { SUBDOMAIN_MAX_LENGTH } from '../constants';
import { Id } from './common';

export const TenantSchema = z.object({
  tenantId: Id,
  name: z.string(),
  subdomain: z.string(),
});
export type Tenant = z.infer<typeof TenantSchema>;

export const SubdomainSchema = z
  .string({ error: 'Subdomínio é obrigatório' })
  .check(
    z.minLength(1, { error: 'Subdomínio é obrigatório' }),
    z.maxLength(SUBDOMAIN_MAX_LENGTH, { error: `Subdomínio: máximo de ${SUBDOMAIN_MAX_LENGTH} caracteres` }),
    z.regex(/^[a-z0-9-]+$/, { error: 'Subdomínio: use apenas letras minúsculas, números e hífens' }),
  );

export const TenantSearchQuerySchema = z.object({ subdomain: SubdomainSchema });

export const TenantSearchResponseSchema = z.object({
  success: z.boolean(),
  data: z.nullable(TenantSchema),
  message: z.string(),
});
