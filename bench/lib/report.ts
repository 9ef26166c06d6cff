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

const rows: BenchRow[] = [];
const notes: string[] = [];

export function record(row: BenchRow) {
  rows.push(row);
  const ratio = row.peer
    ? ` | peer ${row.peer.name} ${format(row.peer.figure)} ${row.unit} | ratio ${(row.figure / row.peer.figure).toFixed(2)}`
    : '';
  process.stdout.write(
    `${row.pass ? 'PASS' : 'MISS'}  ${row.name}: ${format(row.figure)} ${row.unit}${ratio} | budget ${row.budget}\n`,
  );
}

export function note(text: string) {
  notes.push(text);
}

function format(value: number) {
  return Number.isInteger(value) || value >= 100 ? value.toFixed(0) : value.toFixed(2);
}

export function results() {
  return rows;
}

/** BENCHMARKS.md is written by the run, never by hand. */
export function writeReport(file: string, scalingNote: string) {
  const table = rows
    .map((row) => {
      const peer = row.peer ? `${row.peer.name}: ${format(row.peer.figure)} ${row.unit}` : '—';
      const ratio = row.peer ? (row.figure / row.peer.figure).toFixed(2) : '—';
      return `| ${row.name} | ${format(row.figure)} ${row.unit} | ${peer} | ${ratio} | ${row.budget} | ${row.pass ? 'pass' : '**miss**'} |`;
    })
    .join('\n');
  const text = `# Benchmarks

Written by \`npm run bench\` on ${new Date().toISOString()} — ${os.cpus().length} cores
(${os.cpus()[0]?.model ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.
Each figure stands beside its peer or limit measured in the same run on the same machine.

| measure | figure | peer or limit | ratio | budget | result |
| --- | --- | --- | --- | --- | --- |
${table}

${notes.map((text) => `- ${text}`).join('\n')}

## Scaling to a city of 100,000 members

${scalingNote}
`;
  fs.writeFileSync(file, text);
}
