import { cacheFromRoute, groupIdsOf } from './checkout-cache';
import { formatUsd, parseDollars } from './money';

describe('amounts', () => {
  it('shows the API’s dollars with the cents only when there are some', () => {
    expect(formatUsd(20_000)).toBe('$20,000');
    expect(formatUsd(19.99)).toBe('$19.99');
  });

  it('reads what an admin types in dollars, and nothing else', () => {
    expect(parseDollars('20,000')).toBe(20_000);
    expect(parseDollars('$19.99')).toBe(19.99);
    expect(parseDollars('0.5')).toBe(0.5);
    for (const bad of ['', 'abc', '-5', '1.999', '1e5']) expect(parseDollars(bad)).toBeNull();
  });
});

describe('checkout cache', () => {
  it('takes the checkout route’s params, with several countries in groupId', () => {
    const cache = cacheFromRoute('p1', new URLSearchParams('updatesRole=true&planId=lpl_1&groupId=a,b,a&periodId=2026'));
    expect(cache).toEqual({ productId: 'p1', updatesRole: true, planId: 'lpl_1', groupId: 'a,b,a', periodId: '2026' });
    expect(groupIdsOf(cache)).toEqual(['a', 'b']);
    expect(groupIdsOf(cacheFromRoute('p1', new URLSearchParams()))).toEqual([]);
  });
});
