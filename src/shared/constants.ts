/** Business constants of docs/SPEC.md section 9, shared by server and web app. */
export const COUPON_VALUE_DOLLARS = 5;
export const DEFAULT_NEW_CHALLENGE_PRICE_DOLLARS = 20;
export const DEFAULT_CHALLENGE_LENGTH_DAYS = 30;
export const DEFAULT_THEME = 'coffee';
export const HOME_SHOP_LIMIT = 6;
export const TOP_RANK_HIGHLIGHT = 3;
export const RECENT_PURCHASES_SHOWN = 5;
export const TOP_BUSINESSES_SHOWN = 3;
export const DESCRIPTION_PREVIEW_LENGTH = 50;
export const PUBLIC_DATA_STALE_MS = 60_000;
export const PROFILE_POLL_MS = 2_000;
/** The one definition of a redemption code: exactly four digits. */
export const REDEMPTION_CODE_PATTERN = /^[0-9]{4}$/;
export const FALLBACK_CHALLENGE_TITLE = 'Huntsville Coffee Battles';
export const DEFAULT_HOURS: Record<string, string> = {
  'Monday - Friday': '6:30am - 8:00pm',
  Saturday: '7:00am - 8:00pm',
  Sunday: '8:00am - 6:00pm',
};
export const DEFAULT_SPECIALTIES = 'Coffee, Pastries, Specialty Drinks';
