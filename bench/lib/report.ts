import fs from 'node:fs';
import os from 'node:os';

export interface BenchRow {
  name: string;
  figure: number;
  unit: string;
  /** What the figure is compared with: the machine's limit or a bare peer, measured in the same run. */
  peer?: { name: string; figure: number };
  /** Human-readable budget and whether the figure meets it. */
  budget: string;
  pass: boolean;
}

interface MeasuredRow extends BenchRow {
  part: string;
}

const rows: MeasuredRow[] = [];
const notes: { part: string; text: string }[] = [];
const partsRun = new Set<string>();
let currentPart = 'bench';

/** Names the part (`npm run bench -- <part>`) whose figures the following records belong to. */
export function beginPart(part: string) {
  currentPart = part;
  partsRun.add(part);
}

export function record(row: BenchRow) {
  rows.push({ ...row, part: currentPart });
  const ratio = row.peer
    ? ` | peer ${row.peer.name} ${format(row.peer.figure)} ${row.unit} | ratio ${(row.figure / row.peer.figure).toFixed(2)}`
    : '';
  process.stdout.write(
    `${row.pass ? 'PASS' : 'MISS'}  ${row.name}: ${format(row.figure)} ${row.unit}${ratio} | budget ${row.budget}\n`,
  );
}

export function note(text: string) {
  notes.push({ part: currentPart, text });
}

function format(value: number) {
  return Number.isInteger(value) || value >= 100 ? value.toFixed(0) : value.toFixed(2);
}

export function results() {
  return rows;
}

const tableHeader = '| part | measure | figure | peer or limit | ratio | budget | result |';
/** The part a table line or note line of an earlier report belongs to: its first cell or tag. */
const partOfLine = (line: string) => /^(?:\| |- \[)([a-z][a-z-]*)(?: \||\])/.exec(line)?.[1];

/**
 * BENCHMARKS.md is written by the run, never by hand. A run of some parts (`npm run bench -- web`)
 * replaces those parts' lines and keeps the others' lines from the earlier run, each part dated.
 */
export function writeReport(file: string, scalingNote: string) {
  const earlier = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
  const keptFromEarlier = (line: string) => {
    const part = partOfLine(line);
    return part !== undefined && !partsRun.has(part);
  };
  const today = new Date().toISOString().slice(0, 10);
  const table = [
    ...earlier
      .filter((line) => line.startsWith('| ') && line !== tableHeader)
      .filter(keptFromEarlier),
    ...rows.map((row) => {
      const peer = row.peer ? `${row.peer.name}: ${format(row.peer.figure)} ${row.unit}` : '—';
      const ratio = row.peer ? (row.figure / row.peer.figure).toFixed(2) : '—';
      return `| ${row.part} | ${row.name} | ${format(row.figure)} ${row.unit} | ${peer} | ${ratio} | ${row.budget} | ${row.pass ? 'pass' : '**miss**'} (${today}) |`;
    }),
  ];
  const noteLines = [
    ...earlier.filter((line) => line.startsWith('- [')).filter(keptFromEarlier),
    ...notes.map((entry) => `- [${entry.part}] ${entry.text}`),
  ];
  const text = `# Benchmarks

Written by \`npm run bench\` (parts run last: ${[...partsRun].join(', ')}) on ${new Date().toISOString()} — ${os.cpus().length} cores
(${os.cpus()[0]?.model ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.
Each figure stands beside its peer or limit measured in the same run on the same machine; each
result carries the day its part was last run (\`npm run bench -- <part>\` reruns one part).

${tableHeader}
| --- | --- | --- | --- | --- | --- | --- |
${table.join('\n')}

${noteLines.join('\n')}

## Scaling to a city of 100,000 members

${scalingNote}
`;
  fs.writeFileSync(file, text);
}
