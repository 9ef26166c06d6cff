import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import fences of eslint.config.js (docs/decisions/0011), proven by linting a forbidden
 * import from a file in each zone. The probe files need not exist: the rules judge the path the
 * import resolves to from the probe's location.
 */
const eslint = new ESLint({
  cwd: path.resolve(import.meta.dirname, '../..'),
  // Only the import rules run, so no TypeScript program is built: the fences, resolver and
  // settings are the project's own, without the type-aware rules' start-up cost.
  ruleFilter: ({ ruleId }) => ruleId.startsWith('import-x/'),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function lint(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages;
}

const fence = (message: string) => [
  expect.objectContaining({
    ruleId: 'import-x/no-restricted-paths',
    message: expect.stringContaining(message),
  }),
];

const CLIENT_SERVER = 'The web app never imports server code';
const SHARED = 'src/shared is the contract both sides import';
const SERVER_CLIENT = 'The server never imports web app code';
const REGISTRY_ZOD = 'The endpoint and page registries carry no zod';
const FEATURES = 'A feature never imports another feature';
const FEATURE_APP = 'src/client/app composes the features';
const CLIENT_LAYERS = 'Shared components and lib sit below the features and the app';
const HTTP =
  'Only route modules (*routes.ts), plugins/, pages/, public-reads/, auth/session.ts, auth/guards.ts, app.ts and main.ts know HTTP';
const PLUGINS = 'plugins/ is HTTP plumbing every domain uses';
const APP = 'Only main.ts and tests build the app';

// The first lint loads the config's plugins and the resolver: seconds, more on a busy machine.
describe('import fences', { timeout: 60_000 }, () => {
  it.each([
    [
      'client → server by alias',
      'src/client/lib/fence-probe.ts',
      "import { buildApp } from '#server/app.ts';",
      CLIENT_SERVER,
    ],
    [
      'client → server by relative path',
      'src/client/components/fence-probe.tsx',
      "import { users } from '../../server/db/schema.ts';",
      CLIENT_SERVER,
    ],
    [
      'client → server by dynamic import',
      'src/client/app/fence-probe.ts',
      "export const load = () => import('#server/app.ts');",
      CLIENT_SERVER,
    ],
    [
      'client → server without an extension',
      'src/client/components/fence-probe.tsx',
      "import { users } from '../../server/db/schema';",
      CLIENT_SERVER,
    ],
    [
      'shared → client',
      'src/shared/fence-probe.ts',
      "import { api } from '#client/lib/api.ts';",
      SHARED,
    ],
    [
      'shared → server',
      'src/shared/fence-probe.ts',
      "import type { Db } from '../server/db/client.ts';",
      SHARED,
    ],
    [
      'server → client',
      'src/server/voting/fence-probe.ts',
      "import { memberKey } from '#client/lib/query-client.ts';",
      SERVER_CLIENT,
    ],
    [
      'endpoint registry → zod',
      'src/shared/endpoints.ts',
      "import { z } from 'zod';",
      REGISTRY_ZOD,
    ],
    [
      'feature → another feature by alias',
      'src/client/features/voting/fence-probe.ts',
      "import { useHasPass } from '#client/features/passes/api/get-user-pass.ts';",
      FEATURES,
    ],
    [
      'feature → another feature by relative path',
      'src/client/features/voting/components/fence-probe.tsx',
      "import { useHasPass } from '../../passes/api/get-user-pass.ts';",
      FEATURES,
    ],
    [
      'feature → app',
      'src/client/features/voting/fence-probe.ts',
      "import { AppRoutes } from '#client/app/router.tsx';",
      FEATURE_APP,
    ],
    [
      'components → a feature',
      'src/client/components/fence-probe.tsx',
      "import { useCastVote } from '#client/features/voting/api/cast-vote.ts';",
      CLIENT_LAYERS,
    ],
    [
      'lib → app',
      'src/client/lib/fence-probe.ts',
      "import { AppRoutes } from '../app/router.tsx';",
      CLIENT_LAYERS,
    ],
    [
      'a domain service → fastify (type only)',
      'src/server/voting/service.ts',
      "import type { FastifyRequest } from 'fastify';",
      HTTP,
    ],
    [
      'a domain helper → @fastify/*',
      'src/server/auth/session-member.ts',
      "import { Signer } from '@fastify/cookie';",
      HTTP,
    ],
    [
      'a top-level server module → fastify-plugin',
      'src/server/errors.ts',
      "import fp from 'fastify-plugin';",
      HTTP,
    ],
    [
      'a plugin → a domain',
      'src/server/plugins/fence-probe.ts',
      "import { castVote } from '../voting/service.ts';",
      PLUGINS,
    ],
    [
      'a plugin → page production',
      'src/server/plugins/fence-probe.ts',
      "import { pagesPlugin } from '#server/pages/pages-plugin.ts';",
      PLUGINS,
    ],
    [
      'routes → app.ts (type only, so no-cycle would not see it)',
      'src/server/voting/session-routes.ts',
      "import type { AppDeps } from '../app.ts';",
      APP,
    ],
  ])('forbids %s', async (_case, filePath, code, message) => {
    expect(await lint(filePath, code)).toEqual(fence(message));
  });

  it.each([
    [
      'a feature → its own files, shared, lib and components',
      'src/client/features/voting/fence-probe.ts',
      `import { useCastVote } from './api/cast-vote.ts';
       import { voteBodySchema } from '#shared/voting.ts';
       import { api } from '#client/lib/api.ts';
       import { ShopCard } from '../../components/ShopCard.tsx';`,
    ],
    [
      'a route module → two features',
      'src/client/app/routes/fence-probe.tsx',
      `import { VotesPanel } from '#client/features/voting/components/VotesPanel.tsx';
       import { useHasPass } from '#client/features/passes/api/get-user-pass.ts';`,
    ],
    [
      'routes → fastify, app-deps, guards and their service',
      'src/server/voting/session-routes.ts',
      `import type { FastifyInstance } from 'fastify';
       import type { AppDeps } from '../app-deps.ts';
       import { requireMember } from '../auth/guards.ts';
       import { castVote } from './service.ts';`,
    ],
    [
      'a plugin → @fastify/*, the database and errors',
      'src/server/plugins/fence-probe.ts',
      "import { Signer } from '@fastify/cookie';\nimport type { Db } from '../db/client.ts';\nimport { AppError } from '../errors.ts';",
    ],
    [
      'auth/session.ts and the pages → fastify',
      'src/server/pages/fence-probe.ts',
      "import type { FastifyInstance } from 'fastify';",
    ],
    ['main → app.ts', 'src/server/main.ts', "import { buildApp } from './app.ts';"],
    [
      'a domain service → shared and the database',
      'src/server/voting/service.ts',
      "import { voteBodySchema } from '#shared/voting.ts';\nimport { votes } from '../db/schema.ts';",
    ],
  ])('allows %s', async (_case, filePath, code) => {
    expect(await lint(filePath, code)).toEqual([]);
  });

  it('forbids a dependency cycle', async () => {
    // main.ts imports app.ts, so app.ts importing main.ts closes a cycle.
    expect(await lint('src/server/app.ts', "import './main.ts';")).toEqual([
      expect.objectContaining({ ruleId: 'import-x/no-cycle' }),
    ]);
  });
});
