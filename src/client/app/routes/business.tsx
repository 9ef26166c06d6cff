import { useParams } from 'react-router';
import { NotFound } from '#client/components/NotFound.tsx';
import { PagePlaceholder } from '#client/components/PagePlaceholder.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** Shop ids the server accepts (same rule as pageRoutePatterns in #shared/paths.ts). */
const SHOP_ID = /^[1-9][0-9]{0,9}$/;

/** /business/:id: one shop (spec section 2). */
export default function BusinessRoute() {
  const { id = '' } = useParams();
  if (!SHOP_ID.test(id)) return <NotFound />;
  return <BusinessPage />;
}

function BusinessPage() {
  usePageMeta({ title: 'Coffee Shop' });
  return <PagePlaceholder title="Coffee Shop" />;
}
