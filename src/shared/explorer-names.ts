/**
 * A display name's limits and refusals on the explorer board (docs/decisions/0047), apart from
 * its schema (#shared/explorers.ts): the member's form shows them without loading zod
 * (docs/decisions/0051).
 */

export const EXPLORER_NAME_MIN = 2;
export const EXPLORER_NAME_MAX = 30;

export const EXPLORER_NAME_ADDRESS = 'Display name may not contain a web or email address';

export const EXPLORER_NAME_TOO_SHORT = `Display name must be at least ${EXPLORER_NAME_MIN} characters`;
export const EXPLORER_NAME_TOO_LONG = `Display name must be at most ${EXPLORER_NAME_MAX} characters`;
export const EXPLORER_NAME_CONTROL =
  'Display name may not contain control characters or line breaks';
export const EXPLORER_NAME_PASS_CODE = 'Display name may not look like a pass code';
