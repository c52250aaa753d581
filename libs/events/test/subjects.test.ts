import { coveringSubject, subjectMatches } from '@cti/events';

describe('the one filter subject a consumer of several patterns asks the server for', () => {
  it('is the pattern itself when there is one', () => {
    expect(coveringSubject(['evt.identity.user.loggedIn'])).toBe('evt.identity.user.loggedIn');
    expect(coveringSubject(['evt.identity.>'])).toBe('evt.identity.>');
  });

  it('puts `*` where patterns of one length differ', () => {
    expect(coveringSubject(['evt.commerce.purchase.completed', 'evt.commerce.purchase.refunded'])).toBe('evt.commerce.purchase.*');
    expect(coveringSubject(['evt.identity.group.created', 'evt.identity.user.updated'])).toBe('evt.identity.*.*');
    expect(coveringSubject(['evt.identity.group.*', 'evt.identity.user.created'])).toBe('evt.identity.*.*');
  });

  it('ends in `>` after the common tokens when lengths differ or a pattern has `>`', () => {
    expect(coveringSubject(['evt.commerce.purchase.completed', 'evt.commerce.>'])).toBe('evt.commerce.>');
    expect(coveringSubject(['evt.a.b', 'evt.a.b.c'])).toBe('evt.a.>');
    expect(coveringSubject(['evt.identity.>', 'evt.questionnaire.period.opened'])).toBe('evt.>');
    expect(coveringSubject(['evt.>', 'evt.identity.user.created'])).toBe('evt.>');
  });

  it('matches every subject any of its patterns matches', () => {
    const cases = [
      ['evt.commerce.purchase.completed', 'evt.commerce.subscription.cancelled'],
      ['evt.identity.group.*', 'evt.questionnaire.period.opened'],
      ['evt.a.b', 'evt.a.b.c.d', 'evt.a.*.c'],
      ['evt.x.*.z', 'evt.x.y.>'],
    ];
    const subjects = ['evt.commerce.purchase.completed', 'evt.commerce.subscription.cancelled', 'evt.identity.group.created'];
    subjects.push('evt.questionnaire.period.opened', 'evt.a.b', 'evt.a.b.c.d', 'evt.a.q.c', 'evt.x.w.z', 'evt.x.y.z.z');
    for (const patterns of cases) {
      const covering = coveringSubject(patterns);
      for (const subject of subjects) {
        if (patterns.some((p) => subjectMatches(p, subject)))
          expect([patterns, subject, subjectMatches(covering, subject)]).toEqual([patterns, subject, true]);
      }
    }
  });
});
