import { DEFAULT_INDEX_ACCESS, RoleIds } from '@cti/access';

import { documentChange, explainedScoreText, noticeText, scorecardChange } from '../src/changes/change-parts';
import { renderAlertMail } from '../src/delivery/render-mail';
import { renderAlert } from '../src/visibility/visibility';

import { facts } from './support/notifications-kit';

const ireland = { groupId: 'g-ie', countryId: 'IE', name: 'Ireland' };
const principal = (roles: Array<keyof typeof RoleIds>, groups: string[] = []) => ({
  roles: roles.map((r) => RoleIds[r]),
  groups,
  isAdmin: roles.includes('Admin'),
  isGroupManager: false,
  isAcid: false,
  email: 'x@example.com',
  free: false,
});

it('words a score change as the explained history does: each variable’s move and points, the adjustment, the category', () => {
  expect(explainedScoreText(facts({ score: 72.5, category: 'Medium' }), facts({ A: 5, score: 77.5, category: 'High' }))).toEqual({
    text: 'score 72.5 → 77.5, Medium → High',
    detail: 'score 72.5 → 77.5 (A 4→5, +5.0, Medium → High)',
  });
  expect(explainedScoreText(facts({ score: 70 }), facts({ B: 4.5, isPBA: true, PBA: 1, score: 75, category: 'High' })).detail).toBe(
    'score 70 → 75 (B 4→4.5, +2.8, precedent adjustment No adjustment → Level I, +0.6, Medium → High)',
  );
});

it('says nothing when readers see no change, and tells only the first release of a period as a release', () => {
  expect(scorecardChange('g', facts(), facts())).toBeNull();
  expect(scorecardChange('g', facts(), null)).toBeNull();
  const released = scorecardChange(
    'g',
    facts({ periodId: 'p1', periodName: '2025 1st Q' }),
    facts({ periodId: 'p2', periodName: '2025 2nd Q' }),
  );
  expect(released!.parts.map((p) => p.text)).toEqual(['2025 2nd Q scores released: 70 (Medium)']);
});

it('reads a notice as plain, short text', () => {
  expect(noticeText('<p>Courts &amp; <b>registry</b>&nbsp;delays</p>')).toBe('Courts & registry delays');
  expect(noticeText('x'.repeat(200))).toHaveLength(140);
});

it('shows an alert only as the reader’s access allows, and nothing of a country they may not open', () => {
  const change = scorecardChange('g-ie', facts({ score: 70 }), facts({ A: 5, score: 75, watchlist: true, notice: 'Review' }))!;
  const settings = DEFAULT_INDEX_ACCESS;
  expect(renderAlert(principal(['Standard']), change, ireland, settings)!.line).toBe(
    'Ireland: score 70 → 75 (A 4→5, +5.0); placed on the watchlist: Review',
  );
  // FreeAccess opens the public country only
  expect(renderAlert({ ...principal(['FreeAccess']), free: true }, change, ireland, settings)).toBeNull();
  expect(renderAlert(principal([]), change, ireland, settings)).toBeNull();
  // a country identity no longer has: nothing
  expect(renderAlert(principal(['Admin']), change, null, settings)).toBeNull();
  expect(
    renderAlert(
      principal(['Standard']),
      documentChange({
        documentId: 'd',
        kind: 'acid',
        s3Name: 's',
        title: 'Memo',
        fileName: 'm.pdf',
        access: 'Private',
        groupId: null,
        groupName: null,
      })!,
      null,
      settings,
    ),
  ).toBeNull();
});

it('escapes what users wrote in alert e-mails, and gives each country its own stop link', () => {
  const mail = renderAlertMail(
    [
      { line: 'Ireland: new supporting document “<script>x</script>”', groupId: 'g-ie', groupName: 'Ireland', link: '/documents' },
      { line: 'Chile: score 1 → 2', groupId: 'g-cl', groupName: 'Chile', link: '/index/g-cl' },
    ],
    { userId: 'u', mode: 'daily', publicUrl: 'https://cti.example/', tokenKey: 'k'.repeat(40) },
  );
  expect(mail.subject).toBe('Your daily Compliance Index digest: 2 alerts');
  expect(mail.html).not.toContain('<script>');
  expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
  expect(mail.html).toContain('>Stop alerts about Ireland<');
  expect(mail.html).toContain('>Stop alerts about Chile<');
  expect(mail.html).toContain('href="https://cti.example/index/g-cl"');
  expect(mail.text).toContain('Turn off alert e-mails: https://cti.example/notifications/unsubscribe/');
});
