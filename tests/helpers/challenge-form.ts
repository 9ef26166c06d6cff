import type { ChallengeFormValues } from '#client/features/challenges/components/challenge-form-schema.ts';

/** A whole, valid challenge form as the organizer fills it in; tests change the fields they test. */
export const challengeFormValues = (
  changes: Partial<ChallengeFormValues> = {},
): ChallengeFormValues => ({
  title: 'Coffee Battle',
  description: 'Thirty days of coffee',
  theme: 'coffee',
  themeLabel: '',
  startDate: '2026-12-01T00:00',
  endDate: '2026-12-30T23:59',
  timeZone: 'America/Chicago',
  price: 20,
  active: false,
  unlimitedVotes: false,
  votesPerShop: 1,
  standingsFreezeHours: 0,
  reminderHoursBeforeEnd: 72,
  maxPassesPerOrder: 10,
  voucherPassesVote: false,
  contentLanguage: 'en',
  translations: { es: { title: 'Batalla del café', description: '' } },
  ...changes,
});
