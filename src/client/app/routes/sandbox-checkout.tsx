import { useParams } from 'react-router';
import { SandboxPaymentPanel } from '#client/features/checkout/components/SandboxPaymentPanel.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /checkout/sandbox/:sessionId: the offline provider's payment page. Behind RequireUser. */
export default function SandboxCheckoutRoute() {
  usePageMeta({ title: 'Sandbox Payment' });
  const { sessionId = '' } = useParams();
  return <SandboxPaymentPanel sessionId={sessionId} />;
}
