import fs from 'node:fs';
import path from 'node:path';
import { figuresDir } from './figures.ts';

/** Writes docs/RELIABILITY.md from the figures the last `npm run test:reliability` recorded. */
const promises: [string, string][] = [
  [
    'Every write that answered 2xx is in the database, also after SIGKILL and restart (PostgreSQL, two instances)',
    'tests/reliability/load-and-crash.test.ts',
  ],
  [
    'The embedded database keeps every acknowledged write after SIGKILL and starts again',
    'tests/reliability/embedded-crash.test.ts',
  ],
  [
    'Votes cast per pass never exceed redeemed coupons; no coupon is redeemed twice; one pass per member and challenge',
    'tests/reliability/load-and-crash.test.ts, src/server/redemption/redemption.test.ts, src/server/voting/voting.test.ts, src/server/passes/issue.test.ts',
  ],
  ['Public vote totals equal the stored votes', 'tests/reliability/load-and-crash.test.ts'],
  [
    'Live vote counts streamed by both instances equal the database after a load with a SIGKILL; an organizer change reaches every instance',
    'tests/reliability/load-and-crash.test.ts, src/server/db/changes.test.ts, src/server/voting/stream/stream.test.ts',
  ],
  [
    'Every malformed request to every endpoint gets a 4xx JSON answer and changes nothing; no 5xx',
    'tests/reliability/hostile-input.test.ts',
  ],
  [
    "Every endpoint answers each kind of caller as it should, and no answer leaks a code, hash, session id or another member's data",
    'tests/reliability/permissions.test.ts',
  ],
  [
    'Guessing codes and passwords is limited; foreign origins, session fixation, SQL injection probes and oversized bodies are refused',
    'tests/reliability/attacks.test.ts, tests/reliability/hostile-input.test.ts',
  ],
  [
    'Forged, stale, tampered and replayed Stripe webhooks change nothing; the success page and the webhook racing end with one pass',
    'src/server/payments/stripe-checkout.test.ts',
  ],
  [
    'Stored rich text and every other text field cannot run script in a browser',
    'tests/e2e/xss.spec.ts',
  ],
  [
    'Email is written with the event that causes it and arrives once: mail server down and back, site killed mid-send, two instances',
    'tests/reliability/mail-faults.test.ts, src/server/mail/outbox.test.ts, src/server/mail/member-mail.test.ts, src/server/mail/one-writer.test.ts (every email enters the outbox through mail/outbox.ts)',
  ],
  [
    'Sign-in and registration limits hold across instances and restarts; periodic work runs once across instances',
    'tests/reliability/instances.test.ts, src/server/plugins/rate-limits.test.ts, src/server/jobs/scheduler.test.ts',
  ],
  [
    'Logs never contain a password, code or session id; every 5xx is logged with request id, route and cause',
    'src/server/plugins/logging.test.ts',
  ],
];

const figureFiles = fs.existsSync(figuresDir)
  ? fs
      .readdirSync(figuresDir)
      .filter((file) => file.endsWith('.json'))
      .sort()
  : [];
const sections = figureFiles.map((file) => {
  const figures = JSON.parse(fs.readFileSync(path.join(figuresDir, file), 'utf8')) as Record<
    string,
    unknown
  >;
  const lines = Object.entries(figures).map(([key, value]) => `| ${key} | ${String(value)} |`);
  return `### ${path.basename(file, '.json')}\n\n| figure | value |\n| --- | --- |\n${lines.join('\n')}`;
});

const text = `# Reliability

What the site promises about money, votes and safety, the test that checks each promise, and
the figures of the last run of \`npm run test:reliability\` (this file is written by
\`tests/reliability/write-report.ts\` at the end of that run; do not edit it by hand).

## Promises and their tests

| promise | checked by |
| --- | --- |
${promises.map(([promise, test]) => `| ${promise} | ${test} |`).join('\n')}

## Figures of the last run

${sections.join('\n\n') || 'No figures recorded yet: run `npm run test:reliability`.'}
`;
fs.mkdirSync('docs', { recursive: true });
fs.writeFileSync('docs/RELIABILITY.md', text);
process.stdout.write('docs/RELIABILITY.md written\n');
