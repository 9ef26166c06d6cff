import { schemaResolver } from '@mantine/form';
import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';

/**
 * Validates a Mantine form with a shared zod schema (zod 4 is a Standard Schema): each issue
 * becomes the error of the field at its path, first issue per field wins.
 */
export function zodResolver(schema: z.ZodType): (values: unknown) => FormErrors {
  return schemaResolver(schema, { sync: true });
}
