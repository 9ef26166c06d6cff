import fs from 'node:fs';
import path from 'node:path';

export const figuresDir = path.resolve('.tmp/reliability-figures');

/** Figures of this run, gathered into docs/RELIABILITY.md by write-report.ts. */
export function recordFigure(name: string, figures: Record<string, unknown>) {
  fs.mkdirSync(figuresDir, { recursive: true });
  fs.writeFileSync(
    path.join(figuresDir, `${name}.json`),
    JSON.stringify({ ...figures, at: new Date().toISOString() }, null, 2),
  );
}
