import { z } from 'zod';

/**
 * Path parameters no one domain owns. A row's id: a positive whole number that fits PostgreSQL's
 * integer column, so a longer one is a 400, never a database error.
 */
export const rowIdSchema = z.coerce
  .number()
  .int('Invalid id')
  .positive('Invalid id')
  .max(2_147_483_647, 'Invalid id');

/** `/…/:id`: a challenge, a shop, a message or any other row by its id. */
export const idParamsSchema = z.object({ id: rowIdSchema });
