import { resolveUpstream, ROUTE_TABLE } from '../src/route-table';

describe('resolveUpstream (most specific entry wins)', () => {
  it.each([
    ['/api/group/index/list', 'scoring'],
    ['/api/group/index/abc/scores', 'scoring'],
    ['/api/group', 'identity'],
    ['/api/group/countries', 'identity'],
    ['/api/group/annotations/123', 'documents'],
    ['/api/questionnaire/save', 'scoring'],
    ['/api/questionnaire/save?x=1', 'scoring'],
    ['/api/questionnaire/save/q-1/u-1', 'questionnaire'],
    ['/api/questionnaire/enforceability/save', 'scoring'],
    ['/api/questionnaire/changes/10', 'audit'],
    ['/api/questionnaire/changes/question', 'audit'],
    ['/api/questionnaire/questions', 'questionnaire'],
    ['/api/print/scorecard', 'scoring'],
    ['/api/print/enforceability/scorecard', 'scoring'],
    ['/api/print/asu', 'scoring'],
    ['/api/print', 'documents'],
    ['/api/print/pdf/auth', 'documents'],
    ['/api/user/paymentDetails/admin', 'commerce'],
    ['/api/user/check/payments/acc', 'commerce'],
    ['/api/user/login', 'identity'],
    ['/api/product/quicklist', 'commerce'],
    ['/api/payment/refund/tx1', 'commerce'],
    ['/api/purchase', 'commerce'],
    ['/api/report/purchase', 'commerce'],
    ['/api/report/audit', 'audit'],
    ['/api/report/augment', 'audit'],
    ['/api/filter/Action', 'audit'],
    ['/api/document/all', 'documents'],
    ['/api/acid/documents', 'documents'],
    ['/api/finalize/close/q1', 'questionnaire'],
    ['/api/finalize', 'questionnaire'],
    ['/api/consent/answer', 'questionnaire'],
    ['/api/period/currentPeriod', 'questionnaire'],
    ['/api/freeUser/refresh', 'identity'],
    ['/api/roles/ctc', 'identity'],
    ['/api/logo', 'identity'],
    ['/api/request/approve', 'identity'],
    ['/api/mail/contact', 'identity'],
    ['/api/notifications/list', 'notifications'],
    ['/api/notifications/unsubscribe', 'notifications'],
    ['/api/follow', 'notifications'],
    ['/api/follow/0b1c', 'notifications'],
  ])('%s → %s', (path, service) => {
    expect(resolveUpstream(path)).toBe(service);
  });

  it('does not route unknown paths or lookalike prefixes', () => {
    expect(resolveUpstream('/api/unknown')).toBeNull();
    expect(resolveUpstream('/api/products-legacy')).toBeNull();
    expect(resolveUpstream('/api/followers')).toBeNull();
    expect(resolveUpstream('/internal/render')).toBeNull();
  });

  it('routes every entry of the table to its own service', () => {
    for (const entry of ROUTE_TABLE) {
      const sample = entry.match === 'exact' || !entry.path.endsWith('/') ? entry.path : `${entry.path}x`;
      expect([entry.path, resolveUpstream(sample)]).toEqual([entry.path, entry.service]);
    }
  });
});
