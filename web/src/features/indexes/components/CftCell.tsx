import { Link } from 'react-router';

import { canDownloadCft } from '@cti/access';
import { ScoringMessages, type CertifiedScorecardOrder, type GroupIndexRow } from '@cti/contracts';

import { usePrincipal } from '../../../app/hooks';
import { Button } from '../../../components/form/fields';
import { useToast } from '../../../components/toast/use-toast';
import { saveDownloadedFile } from '../../../lib/file-download';
import { useDownloadCftMutation } from '../../commerce/cft-download-api';
import { useCftOrdersQuery, useCftProductsQuery } from '../indexes-api';

/** The product sold for certified scorecards: the one whose name contains "CFT Download". */
export function useCftProductId(skip: boolean): string | null {
  const { data } = useCftProductsQuery(undefined, { skip });
  if (!data) return null;
  const name = Object.keys(data).find((n) => n.includes('CFT Download'));
  return name ? (data[name] ?? null) : null;
}

/**
 * The single-country certified-scorecard orders of someone without CFT access (none are
 * asked for by those who have it): an order opens its country for the period ordered.
 */
const NO_ORDERS: readonly CertifiedScorecardOrder[] = [];

export function useCftOrders(skip: boolean): readonly CertifiedScorecardOrder[] {
  const { data } = useCftOrdersQuery(undefined, { skip, refetchOnMountOrArgChange: true });
  return data ?? NO_ORDERS;
}

const ordered = (orders: readonly CertifiedScorecardOrder[], row: GroupIndexRow) =>
  !!row.PeriodId && orders.some((o) => o.GroupId === row.GroupId && o.PeriodId === row.PeriodId);

/**
 * Certified-for-transaction version: Download for those with CFT access and
 * for the country and period a user ordered; otherwise Order, which goes to checkout
 * with the CFT product for this country and period (disabled while that product cannot
 * be found, e.g. when commerce does not answer).
 */
export function CftCell({
  row,
  productId,
  orders,
}: {
  row: GroupIndexRow;
  productId: string | null;
  orders: readonly CertifiedScorecardOrder[];
}) {
  const principal = usePrincipal();
  const [download, { isLoading }] = useDownloadCftMutation();
  const toast = useToast();
  if (!principal || row.Score <= 0) return null;
  if (canDownloadCft(principal) || ordered(orders, row)) {
    return (
      <Button
        variant="secondary"
        className="button button-secondary button-small"
        busy={isLoading}
        aria-label={`Download the certified scorecard of ${row.Group}`}
        onClick={async () => {
          const result = await download(row.GroupId);
          if ('data' in result && result.data) saveDownloadedFile(result.data);
          else toast.danger(ScoringMessages.printFailed, 5000);
        }}
      >
        Download
      </Button>
    );
  }
  if (!productId) {
    return (
      <span className="cft-order muted" title="Ordering is not available right now.">
        Order
      </span>
    );
  }
  const query = new URLSearchParams({ groupId: row.GroupId, ...(row.PeriodId ? { periodId: row.PeriodId } : {}) });
  return (
    // a quiet link, not a button on every row: the list's offer is said once, above it
    <Link
      className="cft-order"
      to={`/checkout/${encodeURIComponent(productId)}?${query}`}
      aria-label={`Order the certified scorecard of ${row.Group}`}
      title="Certified-for-transaction scorecard: included in the Enhanced plan, or order it for this country"
    >
      Order
    </Link>
  );
}
