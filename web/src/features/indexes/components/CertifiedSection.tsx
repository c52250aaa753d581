import { Link } from 'react-router';

import { canDownloadCft } from '@cti/access';
import { ScoringMessages, type Scorecard } from '@cti/contracts';

import { usePrincipal } from '../../../app/hooks';
import { Button } from '../../../components/form/fields';
import { useToast } from '../../../components/toast/use-toast';
import { saveDownloadedFile } from '../../../lib/file-download';
import { useDownloadCftMutation } from '../../commerce/cft-download-api';
import { useProductsQuery } from '../../commerce/commerce-api';
import { formatUsd } from '../../commerce/money';
import { checkoutLink, productOf } from '../../commerce/offers';

import { useCftOrders } from './CftCell';
import { LockedSection } from './LockedSection';

/**
 * The scorecard's certified-for-transaction version (#certified, where a purchase of it
 * leads): Download for CFT roles and for the country and period the reader ordered;
 * otherwise what it is, that the Enhanced plan includes it, and Order for this one country.
 */
export function CertifiedSection({ card }: { card: Scorecard }) {
  const principal = usePrincipal();
  const cft = !!principal && canDownloadCft(principal);
  const orders = useCftOrders(!principal || cft);
  const ordered = !!card.PeriodId && orders.some((o) => o.GroupId === card.GroupId && o.PeriodId === card.PeriodId);
  const { data: products = [] } = useProductsQuery(undefined, { skip: cft || ordered });
  const [download, { isLoading }] = useDownloadCftMutation();
  const toast = useToast();
  const what = `${card.Name} — certified scorecard${card.Period ? `, ${card.Period}` : ''}`;

  if (cft || ordered) {
    return (
      <section id="certified" className="section" aria-labelledby="certified-title">
        <h2 id="certified-title">Certified-for-transaction scorecard</h2>
        <p>
          {what}: the scorecard as certified for use in a transaction, with a verification code.
          {ordered && !cft ? ' You ordered it for this period.' : ''}
        </p>
        <Button
          busy={isLoading}
          onClick={async () => {
            const result = await download(card.GroupId);
            if ('data' in result && result.data) saveDownloadedFile(result.data);
            else toast.danger(ScoringMessages.printFailed, 5000);
          }}
        >
          Download the certified scorecard
        </Button>
      </section>
    );
  }
  const product = productOf(products, 'Certified');
  return (
    <LockedSection
      id="certified"
      title="Certified-for-transaction scorecard"
      holds={
        <>
          {what}, certified for use in a transaction, with a verification code.{' '}
          {product && card.PeriodId && (
            <>
              Order it for {formatUsd(product.Price)}:{' '}
              <Link to={checkoutLink(product, [card.GroupId], card.PeriodId)} aria-label={`Order the certified scorecard of ${card.Name}`}>
                Order this certified scorecard
              </Link>
              .
            </>
          )}
        </>
      }
      allowed={canDownloadCft}
      country={{ groupId: card.GroupId, name: card.Name }}
    />
  );
}
