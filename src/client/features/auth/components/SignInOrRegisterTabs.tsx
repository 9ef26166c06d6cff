import '@mantine/core/styles/Tabs.css';
import { Tabs } from '@mantine/core';
import { IconLogin, IconUserPlus } from '@tabler/icons-react';
import { useMessages } from '#client/i18n/language.tsx';
import { authMessages } from './auth-messages.ts';
import { LoginForm, type LoginFormProps } from './LoginForm.tsx';
import { RegisterForm, type RegisterFormProps } from './RegisterForm.tsx';

/**
 * Login / Create Account tabs, Create Account first (docs/SPEC.md section 2), for a page that
 * needs an account before its one action: buying a pass (/checkout), taking one (/claim/:token).
 */
export function SignInOrRegisterTabs({
  onLogin,
  onRegister,
}: {
  onLogin?: LoginFormProps['onSuccess'];
  onRegister?: RegisterFormProps['onSuccess'];
}) {
  const intl = useMessages();
  return (
    <Tabs defaultValue="register" keepMounted={false}>
      <Tabs.List grow mb="lg">
        <Tabs.Tab value="login" leftSection={<IconLogin size={18} aria-hidden />}>
          {intl.formatMessage({ id: 'signInTabs.login', defaultMessage: 'Login' })}
        </Tabs.Tab>
        <Tabs.Tab value="register" leftSection={<IconUserPlus size={18} aria-hidden />}>
          {intl.formatMessage(authMessages.createAccount)}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="login">
        <LoginForm {...(onLogin ? { onSuccess: onLogin } : {})} />
      </Tabs.Panel>
      <Tabs.Panel value="register">
        <RegisterForm {...(onRegister ? { onSuccess: onRegister } : {})} />
      </Tabs.Panel>
    </Tabs>
  );
}
