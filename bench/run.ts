import { votesGrowth } from './votes-growth.ts';

/** `npm run bench`: every benchmark prints its figure beside its budget; any miss fails the run. */
const log = (line: string) => process.stdout.write(`${line}\n`);

log('votes-growth: median time per request at 1,000 and 1,000,000 votes');
const figures = await votesGrowth(log);
let failed = false;
for (const figure of figures) {
  const ok = figure.ratio <= figure.budget;
  failed ||= !ok;
  log(
    `  ${ok ? 'ok  ' : 'FAIL'} ${figure.name.padEnd(28)} ${figure.small.toFixed(2)} ms → ${figure.large.toFixed(2)} ms` +
      `  ratio ${figure.ratio.toFixed(2)} (budget ≤ ${figure.budget.toFixed(2)})`,
  );
}
process.exitCode = failed ? 1 : 0;
