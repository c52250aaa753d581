import { Link, useLocation } from 'react-router';
import './commerce.css';

/** /thankyou: the payment is done; on to the index or the purchase history. */
export default function ThankYouPage() {
  const productName = (useLocation().state as { productName?: string } | null)?.productName;
  return (
    <section className="card narrow stack" aria-labelledby="thankyou-title">
      <h1 id="thankyou-title">Thank you for your purchase</h1>
      <p>
        {productName ? `Your payment for ${productName} is complete.` : 'Your payment is complete.'} A receipt is kept in your purchase
        history.
      </p>
      <div className="cluster">
        <Link className="button button-primary" to="/index">
          Go to the Compliance Index
        </Link>
        <Link className="button button-secondary" to="/history">
          View your purchase history
        </Link>
      </div>
    </section>
  );
}
