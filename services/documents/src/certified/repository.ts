import { insertOnce, type Insertable } from '@cti/db';

import type { CertifiedScorecardOrdersTable, CertifiedScorecardsTable, DocumentsExecutor } from '../db';

export const insertCertificate = (db: DocumentsExecutor, certificate: Insertable<CertifiedScorecardsTable>) =>
  db.insertInto('certifiedScorecards').values(certificate).execute();

export const findCertificateByCode = (db: DocumentsExecutor, code: string) =>
  db.selectFrom('certifiedScorecards').selectAll().where('code', '=', code).executeTakeFirst();

/** The newest certificate of the country issued after `issuedAt` that certifies a different scorecard. */
export const laterDifferentCertificate = (db: DocumentsExecutor, of: { groupId: string; issuedAt: string; scorecardHash: string }) =>
  db
    .selectFrom('certifiedScorecards')
    .selectAll()
    .where('groupId', '=', of.groupId)
    .where('issuedAt', '>', of.issuedAt)
    .where('scorecardHash', '<>', of.scorecardHash)
    .orderBy('issuedAt', 'desc')
    .executeTakeFirst();

/** Records an order unless one with its purchase id is there already (a revoked row stays revoked). */
export const insertOrderOnce = (db: DocumentsExecutor, order: Insertable<CertifiedScorecardOrdersTable>) =>
  insertOnce(db, 'certifiedScorecardOrders', order, 'purchaseId').execute();

/** Revokes an order in force; answers the purchase ids it revoked (none when there was no such order). */
export const revokeOrder = (db: DocumentsExecutor, purchaseId: string, revokedAt: string, because: string) =>
  db
    .updateTable('certifiedScorecardOrders')
    .set({ revokedAt, revokedBecause: because })
    .where('purchaseId', '=', purchaseId)
    .where('revokedAt', 'is', null)
    .returning('purchaseId')
    .execute();

/** A user's orders in force, newest first. */
export const ordersInForce = (db: DocumentsExecutor, userId: string) =>
  db
    .selectFrom('certifiedScorecardOrders')
    .select(['groupId', 'periodId', 'purchasedAt'])
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .orderBy('purchasedAt', 'desc')
    .execute();

/** An order in force of the user for the country (and the period, when given). */
export const findOrderInForce = (db: DocumentsExecutor, userId: string, groupId: string, periodId?: string) =>
  db
    .selectFrom('certifiedScorecardOrders')
    .select('purchaseId')
    .where('userId', '=', userId)
    .where('groupId', '=', groupId)
    .$if(periodId !== undefined, (q) => q.where('periodId', '=', periodId!))
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
