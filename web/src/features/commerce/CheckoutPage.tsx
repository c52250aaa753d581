import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';

import { CommerceMessages, type CheckoutCache, type PaymentAnswer, type SessionUser } from '@cti/contracts';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button, Spinner } from '../../components/form/fields';
import { PageHeader } from '../../components/layout/PageHeader';
import { useFailureToast } from '../../components/toast/use-failure-toast';
import { useToast } from '../../components/toast/use-toast';
import { answerText, statusOf } from '../../lib/api-error';
import { useRefreshMutation } from '../auth/auth-api';
import { selectIsFree, selectRefreshToken, selectUser, sessionRefreshed } from '../auth/auth-slice';
import { useLogout } from '../auth/use-logout';

import { cacheFromRoute, clearCheckoutCache, groupIdsOf, readCheckoutCache, writeCheckoutCache } from './checkout-cache';
import {
  useCheckoutQuoteQuery,
  useCompletePaymentMutation,
  useProductQuery,
  usePurchasableCountriesQuery,
  useStartCheckoutMutation,
} from './commerce-api';
import { formatUsd } from './money';
import { rememberPurchases } from './purchase-flag';
import type { ThankYouState } from './ThankYouPage';
import './commerce.css';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const grantVisible = (session: SessionUser, answer: PaymentAnswer) =>
  answer.grantsRoles.every((r) => session.Roles.includes(r)) && answer.grantsGroups.every((g) => session.Groups.some((s) => s.Id === g));

/**
 * /checkout/{productId}: the product, its description and the amount in
 * dollars, and the payment provider's button. The route params are kept in the
 * browser's checkout cache while the buyer is at the provider; back here with the
 * provider's session the payment is completed, the cache cleared and, for a purchase
 * that changes roles, the session refreshed before the thank-you page.
 */
export default function CheckoutPage() {
  const { productId = '' } = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const logout = useLogout();
  const user = useAppSelector(selectUser);
  const isFree = useAppSelector(selectIsFree);
  const refreshToken = useAppSelector(selectRefreshToken);
  const returningSession = query.get('session_id');

  // the route's params win; coming back from the provider, the cache holds them
  const cache = useMemo<CheckoutCache>(() => {
    const stored = readCheckoutCache();
    const fromRoute = cacheFromRoute(productId, query);
    const routeHasParams = ['updatesRole', 'planId', 'groupId', 'periodId'].some((k) => query.has(k));
    return !routeHasParams && stored?.productId === productId ? stored : fromRoute;
  }, [productId, query]);
  useEffect(() => {
    if (productId && !returningSession) writeCheckoutCache(cache);
  }, [cache, productId, returningSession]);

  const { data: product, error: productError, isLoading } = useProductQuery(productId, { skip: !productId });
  // what is bought, named by commerce ("Sri Lanka — certified scorecard, September 2026")
  const { data: quote, error: quoteError } = useCheckoutQuoteQuery({ ...cache, productId }, { skip: !product || !!returningSession });
  // an order commerce cannot deliver (a past period's certified scorecard) or that the buyer owns already is refused before paying
  const refusal = quoteError && statusOf(quoteError) !== 404 ? (answerText(quoteError) ?? CommerceMessages.productLoadFailed) : null;
  const { data: countries = [] } = usePurchasableCountriesQuery(undefined, { skip: !product?.PerCountry });
  const [startCheckout, { isLoading: starting }] = useStartCheckoutMutation();
  const [completePayment] = useCompletePaymentMutation();
  const [refresh] = useRefreshMutation();
  const [completing, setCompleting] = useState(!!returningSession);
  const completion = useRef<string | null>(null);

  const groupIds = groupIdsOf(cache);
  const countryNames = groupIds.map((id) => countries.find((c) => c.Id === id)?.Name).filter((n): n is string => !!n);
  const quantity = product?.PerCountry ? groupIds.length : 1;
  const emptyCart = !productId || statusOf(productError) === 404 || (product?.PerCountry && groupIds.length === 0);

  // a 404 is an empty cart, told below
  useFailureToast(productError, CommerceMessages.productLoadFailed, { durationMs: 6000, quietStatus: 404 });

  useEffect(() => {
    if (!emptyCart || isLoading || returningSession) return;
    toast.danger(CommerceMessages.emptyCart);
    void navigate(-1);
  }, [emptyCart, isLoading, returningSession, navigate, toast]);

  const cancelled = query.get('cancelled') === 'true';
  useEffect(() => {
    if (cancelled) toast.info('The payment was cancelled. Nothing was charged.');
  }, [cancelled, toast]);

  useEffect(() => {
    // once per returning session: the effect reruns as the session refreshes, the ref stops it
    if (!returningSession || completion.current === returningSession) return;
    completion.current = returningSession;

    /** Refreshes the session until it shows what the purchase granted (identity applies it from commerce's event). */
    async function refreshUntilGranted(answer: PaymentAnswer): Promise<boolean> {
      let token = refreshToken;
      for (let attempt = 0; attempt < 20 && token; attempt++) {
        const result = await refresh({ token, isFree });
        if ('error' in result || !result.data) return false;
        dispatch(sessionRefreshed(result.data));
        if (grantVisible(result.data, answer)) return true;
        token = result.data.RefreshToken;
        await sleep(500);
      }
      // refreshed, though the new access is not showing yet: it arrives with the next refresh
      return !!token;
    }

    void (async () => {
      const result = await completePayment({ details: { sessionId: returningSession }, extra: cache });
      if ('error' in result) {
        setCompleting(false);
        toast.danger(answerText(result.error) ?? 'The payment could not be completed.', 8000);
        return;
      }
      clearCheckoutCache();
      if (user) rememberPurchases(user.Username, true);
      if (result.data.updatesRole || cache.updatesRole) {
        if (!(await refreshUntilGranted(result.data))) {
          toast.info(CommerceMessages.refreshFailedAfterPurchase, 10000);
          await logout();
          return;
        }
      }
      void navigate('/thankyou', {
        replace: true,
        state: { productName: result.data.productName, title: result.data.title, link: result.data.link } satisfies ThankYouState,
      });
    })();
  }, [returningSession, cache, completePayment, dispatch, isFree, logout, navigate, refresh, refreshToken, toast, user]);

  const pay = async () => {
    if (!product) return;
    const result = await startCheckout({ ...cache, productId: product.Id });
    if ('error' in result) {
      toast.danger(answerText(result.error) ?? CommerceMessages.productLoadFailed, 6000);
      return;
    }
    window.location.assign(result.data.url);
  };

  if (completing) {
    return (
      <section className="checkout" aria-labelledby="checkout-title" aria-busy="true">
        <PageHeader titleId="checkout-title" title="Checkout" />
        <Spinner label="Completing your payment… Please keep this page open." />
      </section>
    );
  }

  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <PageHeader
        titleId="checkout-title"
        title="Checkout"
        lead="Review your order, then pay by card with our payment provider. Amounts are in US dollars."
      />
      {isLoading ? (
        <Spinner label="Loading product…" />
      ) : emptyCart ? (
        <p className="empty-state">{CommerceMessages.emptyCart}</p>
      ) : (
        <div className="card stack">
          <table className="simple-table checkout-table">
            <caption className="visually-hidden">Your order</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Description</th>
                <th scope="col" className="text-right">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {product && (
                <tr>
                  <td>
                    <strong className="checkout-title">{quote?.Title ?? product.Name}</strong>
                    {quote && quote.Title !== product.Name && <div className="muted small">{product.Name}</div>}
                    {countryNames.length > 0 && <div className="muted small">Countries: {countryNames.join(', ')}</div>}
                    {product.planId && <div className="muted small">Yearly subscription</div>}
                  </td>
                  <td>{product.Description}</td>
                  <td className="text-right nowrap">
                    {formatUsd(quote?.Amount ?? product.Price * quantity)}
                    {quantity > 1 && (
                      <div className="muted small">
                        {quantity} × {formatUsd(quote?.UnitPrice ?? product.Price)}
                      </div>
                    )}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
          {refusal && (
            <p className="notice notice-danger" role="alert">
              {refusal}
            </p>
          )}
          <div className="cluster checkout-actions">
            <Button onClick={pay} busy={starting} disabled={!product || !!refusal}>
              Pay by card
            </Button>
            <Button variant="secondary" onClick={() => navigate(-1)}>
              Back
            </Button>
          </div>
          <p className="muted small">Card details are entered on the payment provider's page only; this site never sees them.</p>
        </div>
      )}
    </section>
  );
}
