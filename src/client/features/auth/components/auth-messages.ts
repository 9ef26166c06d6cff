import { defineMessages } from 'react-intl';

/** Words the sign-in, sign-up and reset forms share. */
export const authMessages = defineMessages({
  username: { id: 'authForm.username', defaultMessage: 'Username' },
  password: { id: 'authForm.password', defaultMessage: 'Password' },
  email: { id: 'authForm.email', defaultMessage: 'Email' },
  createAccount: { id: 'authForm.createAccount', defaultMessage: 'Create Account' },
});
