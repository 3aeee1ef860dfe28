// Single sign-on: each company's OpenID Connect settings (the client secret sealed
// with SSO_KEY, server/sso/sso-settings.ts), the sign-ins in flight (state, nonce, PKCE verifier),
// and one-time logins (a link, or the SSO hand-off to the app): only the token's sha256 is stored.
import { boolean, foreignKey, index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { users } from './people';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' });

export const ssoSettings = pgTable(
  'sso_settings',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    issuerUrl: text('issuer_url').notNull(),
    clientId: text('client_id').notNull(),
    /** AES-256-GCM under SSO_KEY: iv.tag.ciphertext, base64url. */
    clientSecretEnc: text('client_secret_enc').notNull(),
    /** Lower-case domain (example.com): finds the company from a work email and bounds who may sign in. */
    emailDomain: text('email_domain').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    unique('sso_settings_entity_unique').on(t.entityId),
    index('sso_settings_domain_idx').on(t.emailDomain),
  ],
);

export const ssoAttempts = pgTable(
  'sso_attempts',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    /** The random state sent to the provider; the callback finds its attempt by it. */
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    unique('sso_attempts_entity_state_unique').on(t.entityId, t.state),
    index('sso_attempts_state_idx').on(t.state),
  ],
);

export const oneTimeLogins = pgTable(
  'one_time_logins',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** 'link' (a login link handed out) or 'sso' (the hand-off after a single sign-on). */
    purpose: text('purpose').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    unique('one_time_logins_entity_token_unique').on(t.entityId, t.tokenHash),
    // Public links carry no entity: the token's hash finds the row, then its entity scopes the rest.
    index('one_time_logins_token_idx').on(t.tokenHash),
    foreignKey({
      name: 'one_time_logins_user_fk',
      columns: [t.entityId, t.userId],
      foreignColumns: [users.entityId, users.id],
    }).onDelete('cascade'),
  ],
);
