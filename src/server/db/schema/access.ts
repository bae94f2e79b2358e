// Who may sign in and what they asked for: users, refresh tokens, login attempts and
// the Idempotency-Key answers.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, tenantId, at, tenantKey, sameStoreRef, storeRow, timestamps } from './base';

export const users = pgTable(
  'users',
  {
    ...storeRow(),
    name: text('name').notNull(),
    /** Always lowercase (the contract lowercases e-mails). */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'user'] }).notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    tenantKey('users', t),
    uniqueIndex('users_tenant_email_key')
      .on(t.tenantId, t.email)
      .where(sql`deleted_at IS NULL`),
    check('users_role_check', sql`${t.role} IN ('admin', 'user')`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    ...storeRow(),
    userId: uuid('user_id').notNull(),
    /** All tokens descending from one login share a family; reuse of a spent one revokes it. */
    familyId: uuid('family_id').notNull(),
    /** sha256 (hex) of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey('refresh_tokens', t),
    sameStoreRef('refresh_tokens_user_fk', t, t.userId, users).onDelete('cascade'),
    // The one key not led by tenant_id: a refresh call carries only the token, so the
    // lookup is by its hash (globally unique: 32 random bytes).
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.tenantId, t.familyId),
    index('refresh_tokens_user_idx').on(t.tenantId, t.userId),
  ],
);

/** Login attempts, counted in the database so the limit holds across processes. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    ...storeRow(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    /** pending (counted as a failure until settled), success, failure. */
    result: text('result', { enum: ['pending', 'success', 'failure'] }).notNull(),
    /** login, or approval: an admin's password typed at a cashier's till (counted apart). */
    scope: text('scope', { enum: ['login', 'approval'] })
      .notNull()
      .default('login'),
    /** approval: the user who asked for it (the cashier at the till). */
    askedBy: uuid('asked_by'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey('login_attempts', t),
    index('login_attempts_email_idx').on(t.tenantId, t.email, t.createdAt),
    index('login_attempts_asker_idx')
      .on(t.tenantId, t.askedBy, t.createdAt)
      .where(sql`asked_by IS NOT NULL`),
    check('login_attempts_scope_check', sql`${t.scope} IN ('login', 'approval')`),
    // Per-IP limit spans tenants, so this index is led by ip.
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Idempotency-Key records (DESIGN.md), written in the same transaction as the effect
 * (core/idempotency.ts). status_code 0 marks a key whose effect is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: tenantId(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.tenantId, t.key] }),
    index('idempotency_keys_created_idx').on(t.tenantId, t.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
