import { Box, Center, Loader, VisuallyHidden, type LoaderProps } from '@mantine/core';

/** An inline spinner that screen readers announce as "Loading". */
export function Spinner({ label = 'Loading', ...props }: LoaderProps & { label?: string }) {
  return (
    <Box component="span" role="status" display="inline-flex">
      <Loader {...props} aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Box>
  );
}

/** Full-area spinner for pages whose data (or the current user) is still loading. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="50vh" w="100%">
      <Spinner size="lg" label={label} />
    </Center>
  );
}
