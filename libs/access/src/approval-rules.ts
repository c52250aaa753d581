/**
 * The two-firm approval rule: a questionnaire's current answers are ready to be submitted as
 * final once respondents of at least two different organizations (law firms) approved them,
 * so no country is scored on one firm's word.
 */

/** How many organizations must approve the current answers before they can be submitted as final. */
export const ORGANIZATIONS_NEEDED = 2;

/** One approval of the current answers, as far as the rule needs it. */
export interface ApprovalOfAnswers {
  organizationName: string;
  userId: string;
}

/**
 * The different organizations among approvals: names compare trimmed and case-insensitively;
 * a respondent without an organization counts as one of their own.
 */
export const approvingOrganizations = (approvals: ReadonlyArray<ApprovalOfAnswers>): number =>
  new Set(approvals.map((a) => a.organizationName.trim().toLowerCase() || `user:${a.userId}`)).size;

/** Whether approvals of the current answers are enough to submit them as final. */
export const enoughApprovals = (approvals: ReadonlyArray<ApprovalOfAnswers>): boolean =>
  approvingOrganizations(approvals) >= ORGANIZATIONS_NEEDED;
