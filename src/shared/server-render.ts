/** The id of the JSON script in which a server-rendered page carries its answers (docs/decisions/0019). */
export const SERVER_STATE_ID = 'server-state';
