/**
 * The narrowest an admin table gets before it scrolls sideways: a 390 px phone less the page's
 * padding. Tables hide their secondary columns below Mantine's `sm` so the rest fits in it.
 */
export const PHONE_TABLE_MIN_WIDTH = 320;
