import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { useMessages } from '#client/i18n/language.tsx';

/** The way back from the account pages reached by emailed links (reset, email change). */
export function BackToSignIn() {
  const intl = useMessages();
  return (
    <Anchor component={Link} to={paths.auth} size="sm" display="block" ta="center" mt="lg">
      {intl.formatMessage({ id: 'backToSignIn.link', defaultMessage: 'Back to sign in' })}
    </Anchor>
  );
}
