import { pages } from '#shared/pages.ts';
import { useParams } from 'react-router';
import { SandboxPaymentPanel } from '#client/features/checkout/components/SandboxPaymentPanel.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /checkout/sandbox/:sessionId: the offline provider's payment page. Behind RequireUser. */
export default function SandboxCheckoutRoute() {
  usePageMeta(pages.sandboxCheckout);
  const { sessionId = '' } = useParams();
  return <SandboxPaymentPanel sessionId={sessionId} />;
}
