/** The id of the JSON script in which a server-rendered page carries its answers (docs/decisions/0019). */
export const SERVER_STATE_ID = 'server-state';

/** On that element: the instant the page was drawn at (#client/lib/drawn-at.ts). */
export const DRAWN_AT_ATTRIBUTE = 'data-drawn-at';
