import { Type } from '@cti/service-kit';

/** The development key of the audit hash chain; production must set its own. */
export const DEV_CHAIN_KEY = 'development-only-audit-chain-key-0123456789';

export const AuditConfig = Type.Object({
  /**
   * Secret of the audit hash chain (HMAC-SHA256). Whoever can rewrite rows in the
   * database cannot recompute the chain without it. Also read from AUDIT_CHAIN_KEY_FILE.
   */
  AUDIT_CHAIN_KEY: Type.String({ minLength: 32, default: DEV_CHAIN_KEY }),
});
export type AuditConfig = Type.Static<typeof AuditConfig>;
