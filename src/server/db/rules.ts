import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../project-root.ts';

/**
 * The rule functions (docs/decisions/0006, 0010) live one per file in src/server/db/rules/, each
 * file holding a comment and the function's current definition exactly as PostgreSQL prints it
 * back (`pg_get_functiondef`). Migrating installs every file after the table migrations, so the
 * file is the one place to read or change a rule; a test holds the installed functions to them.
 */
export const rulesFolder = path.join(projectRoot, 'src/server/db/rules');

export interface RuleSource {
  name: string;
  /** The function's definition: the file without its leading comment lines. */
  definition: string;
}

export function readRuleSources(): RuleSource[] {
  return fs
    .readdirSync(rulesFolder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(rulesFolder, file), 'utf8');
      const definition = text.replace(/^(--[^\n]*\n)+/, '');
      return { name: path.basename(file, '.sql'), definition };
    });
}

/** Any number shared by every instance: instances starting together install the rules one at a time. */
export const RULES_INSTALL_LOCK_KEY = 7_301_202;
