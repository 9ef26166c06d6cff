import { PagePlaceholder } from '#client/components/PagePlaceholder.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /checkout: buy the battle pass (spec section 2). */
export default function CheckoutRoute() {
  usePageMeta({ title: 'Buy Your Battle Pass' });
  return <PagePlaceholder title="Buy Your Battle Pass" />;
}
