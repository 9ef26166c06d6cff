import { PagePlaceholder } from '#client/components/PagePlaceholder.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /battles/coffee: the coffee battle page (spec section 2). */
export default function CoffeeBattleRoute() {
  usePageMeta({ title: 'Coffee Battle' });
  return <PagePlaceholder title="Coffee Battle" />;
}
