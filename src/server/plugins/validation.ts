import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nulCharacterMessage, pathOfNulCharacter } from '#shared/text-input.ts';

/**
 * The zod validator of every route's body, query and params, behind one guard: a string with
 * U+0000 anywhere in them is a 400 naming its field (#shared/text-input.ts), whatever the
 * route's own schema says, so no such text reaches a query (PostgreSQL answers it with an error).
 */
export const refusingNulValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  validatorCompiler({
    ...route,
    schema: z
      .unknown()
      .superRefine((value, context) => {
        const path = pathOfNulCharacter(value);
        if (path)
          context.addIssue({ code: 'custom', path, message: nulCharacterMessage(path.join('.')) });
      })
      .pipe(route.schema),
  });
