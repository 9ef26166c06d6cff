import '@mantine/core/styles/Alert.css';
import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { pages } from '#shared/pages.ts';
import { paths } from '#shared/paths.ts';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { useUser } from '#client/features/auth/api/get-user.ts';
import { SignInOrRegisterTabs } from '#client/features/auth/components/SignInOrRegisterTabs.tsx';
import { useRedeemClaim } from '#client/features/claims/api/claims.ts';
import { errorText } from '#client/lib/api.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { useMessages } from '#client/i18n/language.tsx';

/**
 * /claim/:token (docs/RULES.md rule 24): someone bought or gave away a pass for the visitor. A
 * signed-in visitor takes it with one tap; anyone else signs in or creates an account here first,
 * and stays on this page to take it.
 */
export default function ClaimRoute() {
  usePageMeta(pages.claimPass);
  const intl = useMessages();
  const { token = '' } = useParams();
  const { user, isPending } = useUser();
  const take = useRedeemClaim();

  if (isPending) return <PageLoader />;
  return (
    <Container size="xs" py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {intl.formatMessage({ id: 'claim.title', defaultMessage: 'A Battle Pass for you' })}
          </Title>
          <Text>
            {intl.formatMessage({
              id: 'claim.intro',
              defaultMessage:
                'Someone sent you a battle pass: a coupon at every participating shop, and a vote for your favourite with each one you redeem.',
            })}
          </Text>
          {take.isSuccess ? (
            <Alert
              color="green"
              title={intl.formatMessage({
                id: 'claim.takenTitle',
                defaultMessage: 'The pass is yours',
              })}
              role="status"
            >
              <Stack gap="sm">
                <Text>
                  {intl.formatMessage({
                    id: 'claim.takenText',
                    defaultMessage: 'Open it at the counter to redeem your coupons.',
                  })}
                </Text>
                <Button component={Link} to={paths.profile} w="fit-content">
                  {intl.formatMessage({ id: 'claim.viewPass', defaultMessage: 'View My Pass' })}
                </Button>
              </Stack>
            </Alert>
          ) : user ? (
            <>
              {take.isError && (
                <Alert
                  color="red"
                  title={intl.formatMessage({
                    id: 'claim.failedTitle',
                    defaultMessage: 'Pass not taken',
                  })}
                  role="alert"
                >
                  {errorText(
                    take.error,
                    intl.formatMessage({
                      id: 'claim.tryAgain',
                      defaultMessage: 'Please try again.',
                    }),
                  )}
                </Alert>
              )}
              <Text>
                {intl.formatMessage(
                  { id: 'claim.signedInAs', defaultMessage: 'Signed in as <b>{username}</b>' },
                  { username: user.username, b: (chunks) => <strong>{chunks}</strong> },
                )}
              </Text>
              <Button
                size="md"
                leftSection={<IconTicket size={18} aria-hidden />}
                loading={take.isPending}
                onClick={() => {
                  take.mutate(token);
                }}
              >
                {intl.formatMessage({ id: 'claim.take', defaultMessage: 'Take This Pass' })}
              </Button>
            </>
          ) : (
            <>
              <Text>
                {intl.formatMessage({
                  id: 'claim.signInToTake',
                  defaultMessage: 'Sign in or create an account to take it.',
                })}
              </Text>
              <SignInOrRegisterTabs />
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
