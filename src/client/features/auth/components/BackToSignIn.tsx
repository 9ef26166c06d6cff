import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';

/** The way back from the account pages reached by emailed links (reset, email change). */
export function BackToSignIn() {
  return (
    <Anchor component={Link} to={paths.auth} size="sm" display="block" ta="center" mt="lg">
      Back to sign in
    </Anchor>
  );
}
