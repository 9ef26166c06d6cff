import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailSchema, passwordSchema, usernameSchema } from '#shared/auth.ts';
import { createOrPromoteAdmin } from '#server/auth/service.ts';
import { readEnv } from '#server/env.ts';
import { fail, openCommandDatabase } from './command-line.ts';

const usage = 'Usage: npm run create-admin -- --username U --password P --email E';

let values;
try {
  ({ values } = parseArgs({
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      email: { type: 'string' },
    },
  }));
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}
const input = z
  .object({ username: usernameSchema, password: passwordSchema, email: emailSchema })
  .safeParse(values);
if (!input.success) {
  fail(
    `${input.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n')}\n${usage}`,
  );
}

const env = readEnv();
const database = await openCommandDatabase(env, 'Nothing was changed.');
try {
  await database.migrate();
  const { user, created } = await createOrPromoteAdmin(database.db, input.data);
  process.stdout.write(
    created
      ? `Created admin '${user.username}'.\n`
      : `Promoted '${user.username}' to admin and set the new password.\n`,
  );
} finally {
  await database.close();
}
