import { Type } from '@cti/service-kit';

/** The development key of the audit hash chain; production must set its own. */
export const DEV_CHAIN_KEY = 'development-only-audit-chain-key-0123456789';

export const AuditConfig = Type.Object({
  /**
   * Secret of the audit hash chain (HMAC-SHA256). Whoever can rewrite rows in the
   * database cannot recompute the chain without it. Also read from AUDIT_CHAIN_KEY_FILE.
   */
  AUDIT_CHAIN_KEY: Type.String({ minLength: 32, default: DEV_CHAIN_KEY, devOnlyDefault: true }),
  /**
   * Check the whole hash chain in the background this often (minutes; 0: only when an
   * admin asks). A break is published as evt.audit.chain.broken and shown on the audit page.
   */
  AUDIT_CHAIN_CHECK_EVERY_MINUTES: Type.Integer({ minimum: 0, default: 1440 }),
});
export type AuditConfig = Type.Static<typeof AuditConfig>;
