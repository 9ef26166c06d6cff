import { defineMessages } from 'react-intl';

/** The words the header bar and the phone drawer share. */
export const headerMessages = defineMessages({
  myBattlePass: { id: 'header.myBattlePass', defaultMessage: 'My Battle Pass' },
  buyPass: { id: 'header.buyPass', defaultMessage: 'Buy Pass' },
  signIn: { id: 'header.signIn', defaultMessage: 'Sign In' },
  logout: { id: 'header.logout', defaultMessage: 'Logout' },
});
