import { approvingOrganizations, enoughApprovals, ORGANIZATIONS_NEEDED } from '@cti/access';

const approval = (userId: string, organizationName: string) => ({ userId, organizationName });

describe('the two-firm approval rule', () => {
  it('needs two organizations', () => {
    expect(ORGANIZATIONS_NEEDED).toBe(2);
    expect(enoughApprovals([])).toBe(false);
    expect(enoughApprovals([approval('u1', 'Dublin Law')])).toBe(false);
    expect(enoughApprovals([approval('u1', 'Dublin Law'), approval('u2', 'Cork Partners')])).toBe(true);
  });

  it('counts two respondents of one firm once, whatever the spacing or case of its name', () => {
    const sameFirm = [approval('u1', 'Dublin Law'), approval('u2', '  dublin law ')];
    expect(approvingOrganizations(sameFirm)).toBe(1);
    expect(enoughApprovals(sameFirm)).toBe(false);
  });

  it('counts a respondent without an organization as a firm of their own', () => {
    expect(approvingOrganizations([approval('u1', ''), approval('u2', ' ')])).toBe(2);
    expect(approvingOrganizations([approval('u1', ''), approval('u1', '')])).toBe(1);
    expect(enoughApprovals([approval('u1', 'Dublin Law'), approval('u2', '')])).toBe(true);
  });
});
