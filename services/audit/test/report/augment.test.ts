import { RoleIds } from '@cti/access';
import { signTestToken, serviceUnderTest } from '@cti/testing';

import { auditService } from '../../src/app';
import { answerDiffHtml } from '../../src/report/answer-diff';

const audit = serviceUnderTest(auditService);

it('marks removed and added words of two answers', () => {
  expect(answerDiffHtml('The lien is preserved', 'The lien is not preserved')).toBe(
    'The lien is <ins class="diff-added">not </ins>preserved',
  );
  expect(answerDiffHtml('Yes', 'No')).toBe('<del class="diff-removed">Yes</del><ins class="diff-added">No</ins>');
});

it('escapes the answers so neither can bring markup', () => {
  const html = answerDiffHtml('<b>bold</b> & "quoted"', '<img src=x onerror=alert(1)> & "quoted"');
  expect(html).not.toMatch(/<(b|img)[ >]/);
  expect(html).toContain('&amp; &quot;quoted&quot;');
  // markup characters of either answer only ever appear escaped
  expect(html.replace(/<\/?(ins|del)( class="diff-(added|removed)")?>/g, '')).not.toMatch(/[<>"]/);
  expect(html).toContain('<ins class="diff-added">img src=x onerror=alert(1)</ins>&gt;');
});

it('reads a missing answer as empty and keeps line breaks', () => {
  expect(answerDiffHtml(null, 'First line\nSecond line')).toBe('<ins class="diff-added">First line<br>Second line</ins>');
  expect(answerDiffHtml('Gone', null)).toBe('<del class="diff-removed">Gone</del>');
  expect(answerDiffHtml(null, null)).toBe('');
});

it('answers POST api/report/augment with the HTML diff to a signed-in user', async () => {
  const token = signTestToken({ sub: 'u-rory', roles: [RoleIds.CountryRespondent], groups: ['g-ie'] });
  const res = await audit.app.inject({
    method: 'POST',
    url: '/api/report/augment',
    headers: { authorization: `Bearer ${token}` },
    payload: { text1: 'a b c', text2: 'a c d' },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ Html: 'a <del class="diff-removed">b </del>c <ins class="diff-added">d</ins>' });
  expect((await audit.app.inject({ method: 'POST', url: '/api/report/augment', payload: { text1: 'a', text2: 'b' } })).statusCode).toBe(
    401,
  );
});
