import { EventSchemas, type DomainEvent } from '@cti/contracts';

import { describeEvent, fallbackAction, hasOwnWording } from '../../src/audit-log/describe-event';
import { auditRowOf } from '../../src/audit-log/record-event';
import { actor, answerSaved, envelope } from '../support/audit-test-kit';

const hostile = '<script>alert("x")</script> & co';

it('gives every event type declared in the contracts its own wording', () => {
  const withoutWording = Object.keys(EventSchemas).filter((type) => !hasOwnWording(type));
  expect(withoutWording).toEqual([]);
});

it('describes an answer change as a Response row of its questionnaire and question', () => {
  const row = auditRowOf(envelope('evt.questionnaire.answer.saved', answerSaved(), actor('Rory Respondent', ['Ireland'])));
  expect(row).toMatchObject({
    action: 'Response',
    name: 'Rory Respondent',
    country: 'Ireland',
    questionId: 'idera-1',
    questionnaireId: 'q-ie-2025',
    groupId: 'g-ie',
  });
  expect(row.value).toBe(
    'Changed the answer to <i>Has the State made an IDERA declaration?</i> in <b>Ireland</b> (2025 March), IDERA extension',
  );
  expect(row.valueText).toBe('Changed the answer to Has the State made an IDERA declaration? in Ireland (2025 March), IDERA extension');
  expect(row.change).toMatchObject({ before: 'No', after: 'Yes', userName: 'Rory Respondent', periodName: '2025 March' });
});

it('says when an answer was cleared by a change in another section, and where', () => {
  const cleared = answerSaved({ sectionId: 14, before: 'Yes', after: null, clearedBySectionId: 8, sectionVersion: 3 });
  const row = auditRowOf(envelope('evt.questionnaire.answer.saved', cleared, actor('Rory Respondent', ['Ireland'])));
  expect(row.valueText).toBe(
    'Cleared the answer to Has the State made an IDERA declaration? in Ireland (2025 March), Insolvency (Alternative A), after a change in Summary of National Implementation',
  );
  expect(row.change).toMatchObject({ before: 'Yes', after: null });
});

it('escapes user text so it cannot bring markup, in every wording', () => {
  const events: DomainEvent[] = [
    envelope('evt.identity.user.created', { userId: 'u', email: hostile, name: hostile, roles: [1], groupIds: [] }),
    envelope('evt.questionnaire.answer.saved', answerSaved({ question: hostile, groupName: hostile })),
    envelope('evt.commerce.purchase.completed', {
      purchaseId: 'p',
      userId: 'u',
      productId: 'x',
      productName: hostile,
      amountCents: 2_000_000,
      currency: 'USD',
      transactionId: hostile,
      grant: { roles: ['Enhanced'], groupIds: [], expiresOn: null },
    }),
  ];
  for (const event of events) {
    const { description } = describeEvent(event);
    expect(description.html).not.toContain('<script>');
    expect(description.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
    expect(description.text).toContain(hostile);
  }
});

it('names actors: the actor name and groups, or System for system work', () => {
  expect(
    auditRowOf(
      envelope('evt.identity.group.created', { groupId: 'g', name: 'Chile', type: 'Country', countryId: 'CL', logoPath: null }, null),
    ),
  ).toMatchObject({
    name: 'System',
    country: '',
    groupId: 'g',
  });
  expect(
    auditRowOf(
      envelope(
        'evt.identity.user.loggedIn',
        { userId: 'u', email: 'm@example.com', free: false },
        actor('Morgan Member', ['AWG Members', 'Ireland']),
      ),
    ),
  ).toMatchObject({
    name: 'Morgan Member',
    country: 'AWG Members, Ireland',
    action: 'Login',
    value: 'm@example.com logged in',
  });
});

it('writes money, roles and scores the way people read them', () => {
  const purchase = describeEvent(
    envelope('evt.commerce.purchase.completed', {
      purchaseId: 'p',
      userId: 'u',
      productId: 'x',
      productName: 'Enhanced subscription',
      amountCents: 2_000_000,
      currency: 'USD',
      transactionId: 'tx-1',
      grant: { roles: ['Enhanced'], groupIds: [], expiresOn: null },
    }),
  );
  expect(purchase.description.text).toBe('Purchased Enhanced subscription for $20,000.00 USD (transaction tx-1)');
  const user = describeEvent(
    envelope('evt.identity.user.created', { userId: 'u', email: 'v@example.com', name: 'Vera', roles: [8, 7], groupIds: [] }),
  );
  expect(user.description.text).toBe('Created user Vera (v@example.com) with roles CountryViewer, CountryRespondent');
  const scored = describeEvent(
    envelope('evt.scoring.scores.saved', {
      questionnaireId: 'q',
      groupId: 'g',
      groupName: 'Ireland',
      periodId: 'p',
      periodName: '2025 March',
      score: 87.5,
      category: 'Very High',
      previousScore: 80,
    }),
  );
  expect(scored).toMatchObject({ action: 'Score Saved', questionnaireId: 'q', groupId: 'g' });
  expect(scored.description.text).toBe('Scored Ireland (2025 March): 87.5 (Very High), was 80');
});

it('keeps a readable, escaped row for event types newer than this code', () => {
  const draft = describeEvent({
    type: 'evt.documents.folder.renamed',
    data: { folderId: 'f-1', name: '<b>Old</b>', tags: ['a', 'b'], groupId: 'g-9' },
  });
  expect(draft.action).toBe('Folder Renamed');
  expect(draft.description.text).toBe('Folder Renamed (documents): folderId: f-1; name: <b>Old</b>; tags: a, b; groupId: g-9');
  expect(draft.description.html).toContain('<b>name</b>: &lt;b&gt;Old&lt;/b&gt;');
  expect(draft.groupId).toBe('g-9');
  expect(fallbackAction('evt.documents.certifiedScorecard.downloaded')).toBe('Certified Scorecard Downloaded');
});
