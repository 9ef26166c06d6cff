import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';

/**
 * A dialog mounted at its first opening and kept from then on (for its closing transition, and
 * what it shows after). A closed Mantine modal is not free: each follows the reduced-motion
 * preference with listeners of its own (three per coupon card made a pass of eight shops hold
 * eighty), and mounts its portal in a layout effect, a second drawing at once as the page is
 * taken over (docs/decisions/0051).
 */
export function useDialog() {
  const [opened, { open, close }] = useDisclosure(false);
  const [mounted, setMounted] = useState(false);
  return {
    opened,
    mounted,
    open: () => {
      setMounted(true);
      open();
    },
    close,
  };
}
