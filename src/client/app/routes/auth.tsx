import { pages } from '#shared/pages.ts';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/ThemeIcon.css';
import { useDeferredValue, useState, type ReactNode } from 'react';
import {
  Alert,
  Center,
  Grid,
  List,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBuildingStore,
  IconLogin,
  IconMapPin,
  IconThumbUp,
  IconTicket,
  IconUserPlus,
} from '@tabler/icons-react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { paths } from '#shared/paths.ts';
import { usePageMeta, useSiteName } from '#client/lib/page-meta.ts';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { useHydrated } from '#client/lib/hydrated.ts';
import { useUser } from '#client/features/auth/api/get-user.ts';
import { LoginForm } from '#client/features/auth/components/LoginForm.tsx';
import { RegisterForm } from '#client/features/auth/components/RegisterForm.tsx';
import type { AuthRedirectState } from '../guards.tsx';
import { formatMoney } from '#shared/money.ts';
import { useMessages } from '#client/i18n/language.tsx';

type AuthTab = 'login' | 'register';

/** The tabs and the login form's height on a phone, kept while the server-drawn page hydrates. */
const FORMS_HEIGHT = 286;

/** /auth: sign in or register (docs/SPEC.md section 2). Signed-in visitors go back to where they came from or /. */
export default function AuthRoute() {
  usePageMeta(pages.auth);
  const siteName = useSiteName();
  const intl = useMessages();
  const { user, isPending, unreachable } = useUser();
  // The forms are drawn once the app holds the page, in a render of their own that React may cut
  // into short tasks (a deferred value's), not in the one task that ends hydration: on a phone
  // that task blocked taps for a few hundred milliseconds (npm run bench -- web, /auth's TBT).
  const formsDrawable = useDeferredValue(useHydrated());
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();

  const from = (location.state as AuthRedirectState | null)?.from;
  const destination = from && from.pathname !== paths.auth ? from : paths.home;
  const urlTab: AuthTab = searchParams.get('tab') === 'register' ? 'register' : 'login';
  // The open tab is the page's own state, set in the tap itself: React Router applies the new
  // address in a transition, a moment later, and while it waited the login form (with its own
  // 'Username') stayed in the page, so what a quick visitor typed went there and vanished. The
  // address follows the tab, and a new address (back, a link) still moves the tab.
  const [tab, setTab] = useState<AuthTab>(urlTab);
  const [tabOfUrl, setTabOfUrl] = useState<AuthTab>(urlTab);
  if (urlTab !== tabOfUrl) {
    setTabOfUrl(urlTab);
    setTab(urlTab);
  }

  if (isPending) return <PageLoader />;
  if (user) return <Navigate to={destination} replace />;
  // Offline (nothing kept from an earlier visit) a sign-in form could not work (ADR 0027).
  if (unreachable) {
    return (
      <Alert
        color="yellow"
        title={intl.formatMessage({
          id: 'authPage.offlineTitle',
          defaultMessage: 'You are offline',
        })}
        role="status"
        m="md"
      >
        {intl.formatMessage({
          id: 'authPage.offlineText',
          defaultMessage: 'Signing in needs the network: this page works once you are back online.',
        })}
      </Alert>
    );
  }

  const goOn = () => {
    void navigate(destination, { replace: true });
  };

  return (
    <Grid gap={{ base: 'lg', md: 'xl' }} p={{ base: 'md', sm: 'xl' }} maw={1100} mx="auto">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
          <Title order={1} size="h2" mb="md">
            {intl.formatMessage(
              { id: 'authPage.welcome', defaultMessage: 'Welcome to {siteName}' },
              { siteName },
            )}
          </Title>
          {/* Only the open tab's form is in the page, so each label names one field. The server
              draws the page without the forms (#shared/pages.ts drawnSignedOut): a tap or typing
              before the app holds them would be lost. Their place is kept, so nothing moves. */}
          {!formsDrawable ? (
            <Center mih={FORMS_HEIGHT}>
              <Loader
                aria-label={intl.formatMessage({
                  id: 'authPage.loadingForms',
                  defaultMessage: 'Loading the sign-in form',
                })}
              />
            </Center>
          ) : (
            <Tabs
              keepMounted={false}
              value={tab}
              onChange={(value) => {
                setTab(value === 'register' ? 'register' : 'login');
                const next = new URLSearchParams(searchParams);
                if (value === 'register') next.set('tab', 'register');
                else next.delete('tab');
                setSearchParams(next, { replace: true, state: location.state as unknown });
              }}
            >
              <Tabs.List grow mb="lg">
                <Tabs.Tab value="login" leftSection={<IconLogin size={18} aria-hidden />}>
                  {intl.formatMessage({ id: 'authPage.loginTab', defaultMessage: 'Login' })}
                </Tabs.Tab>
                <Tabs.Tab value="register" leftSection={<IconUserPlus size={18} aria-hidden />}>
                  {intl.formatMessage({ id: 'authPage.registerTab', defaultMessage: 'Register' })}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="login">
                <LoginForm onSuccess={goOn} />
              </Tabs.Panel>
              <Tabs.Panel value="register">
                <RegisterForm onSuccess={goOn} />
              </Tabs.Panel>
            </Tabs>
          )}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Paper p={{ base: 'md', sm: 'xl' }} bg="coffee.8" c="white" h="100%">
          <Stack gap="lg">
            <Title order={2} c="white">
              {intl.formatMessage({
                id: 'authPage.pitchTitle',
                defaultMessage: 'Taste your city. Crown its best.',
              })}
            </Title>
            <Text>
              {intl.formatMessage({
                id: 'authPage.pitchText',
                defaultMessage:
                  'One battle pass opens the doors of the best independent shops in town. Taste, compare and help decide who is the best.',
              })}
            </Text>
            <List spacing="md" center>
              <MarketingPoint icon={<IconMapPin size={18} aria-hidden />}>
                {intl.formatMessage(
                  {
                    id: 'authPage.pointDiscover',
                    defaultMessage: '<b>Discover local shops</b> you have been meaning to try.',
                  },
                  { b: (chunks) => <strong>{chunks}</strong> },
                )}
              </MarketingPoint>
              <MarketingPoint icon={<IconTicket size={18} aria-hidden />}>
                {intl.formatMessage(
                  {
                    id: 'authPage.pointCoupons',
                    defaultMessage: '<b>{value} coupons at each shop</b> with your battle pass.',
                  },
                  {
                    value: formatMoney(COUPON_VALUE_DOLLARS, { locale: intl.locale }),
                    b: (chunks) => <strong>{chunks}</strong>,
                  },
                )}
              </MarketingPoint>
              <MarketingPoint icon={<IconThumbUp size={18} aria-hidden />}>
                {intl.formatMessage(
                  {
                    id: 'authPage.pointVote',
                    defaultMessage: '<b>Vote for your favorite</b> with every coupon you redeem.',
                  },
                  { b: (chunks) => <strong>{chunks}</strong> },
                )}
              </MarketingPoint>
              <MarketingPoint icon={<IconBuildingStore size={18} aria-hidden />}>
                {intl.formatMessage(
                  {
                    id: 'authPage.pointSupport',
                    defaultMessage:
                      '<b>Support local business</b> and keep your neighborhood shops thriving.',
                  },
                  { b: (chunks) => <strong>{chunks}</strong> },
                )}
              </MarketingPoint>
            </List>
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

function MarketingPoint({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <List.Item
      icon={
        <ThemeIcon color="coffee.1" c="coffee.9" size={30} radius="xl">
          {icon}
        </ThemeIcon>
      }
    >
      {children}
    </List.Item>
  );
}
