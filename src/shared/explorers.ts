import { z } from 'zod';
import { CONTROL_OR_LINE_BREAK } from './auth.ts';
import {
  EXPLORER_NAME_ADDRESS,
  EXPLORER_NAME_CONTROL,
  EXPLORER_NAME_MAX,
  EXPLORER_NAME_MIN,
  EXPLORER_NAME_PASS_CODE,
  EXPLORER_NAME_TOO_LONG,
  EXPLORER_NAME_TOO_SHORT,
} from './explorer-names.ts';

/**
 * The explorer board (docs/decisions/0047): members who opted in, by distinct shops redeemed.
 * Nothing here touches the vote: the board reads redemptions only.
 */

/** How many explorers the public board lists. */
export const EXPLORER_BOARD_SIZE = 50;

/**
 * A web or email address, with or without a scheme ('https://…', 'www.…', 'shop.example',
 * 'me@mail…'): a public board is no place to advertise, so a display name holds none.
 */
const LOOKS_LIKE_ADDRESS = /[a-z][a-z0-9+.-]*:\/\/|www\.|[a-z0-9-]\.[a-z]{2,}|@/i;

export const explorerDisplayNameSchema = z
  .string({ error: 'Display name must be text' })
  .trim()
  .min(EXPLORER_NAME_MIN, EXPLORER_NAME_TOO_SHORT)
  .max(EXPLORER_NAME_MAX, EXPLORER_NAME_TOO_LONG)
  .refine((name) => !CONTROL_OR_LINE_BREAK.test(name), EXPLORER_NAME_CONTROL)
  .refine((name) => !LOOKS_LIKE_ADDRESS.test(name), EXPLORER_NAME_ADDRESS)
  // Pass pseudonyms are 16 hex digits: a chosen name never passes for another member's pass.
  .refine((name) => !/^[0-9a-f]{16}$/i.test(name), EXPLORER_NAME_PASS_CODE);

/**
 * PUT /api/user/explorer: on or off the board; `displayName` absent or null shows the member's
 * pass pseudonym, as votes.csv names the pass.
 */
export const explorerInputSchema = z.object({
  optIn: z.boolean({ error: 'optIn must be true or false' }),
  displayName: explorerDisplayNameSchema.nullable().optional(),
});
export type ExplorerInput = z.infer<typeof explorerInputSchema>;

/** The member's own setting, as stored (GET and PUT /api/user/explorer answer it). */
export const explorerSettingSchema = z.object({
  optIn: z.boolean(),
  displayName: z.string().nullable(),
});
export type ExplorerSetting = z.infer<typeof explorerSettingSchema>;

/**
 * One line of GET /api/challenges/{id}/explorers, best first: `shops` distinct shops redeemed,
 * `reachedAt` the hour (docs/RULES.md rule 23: no finer time in public) of the redeem that
 * reached that count; ties go to who reached it first, to the instant.
 */
export const explorerSchema = z.object({
  name: z.string(),
  shops: z.number().int(),
  reachedAt: z.string(),
});
export type Explorer = z.infer<typeof explorerSchema>;
export const explorerBoardSchema = z.array(explorerSchema);
