/** 'line 3', 'lines 3 and 5', 'lines 3, 5 and 8': the rows of an import a message is about. */
export function linesText(lines: number[]): string {
  if (lines.length === 1) return `line ${lines[0]}`;
  return `lines ${lines.slice(0, -1).join(', ')} and ${lines.at(-1)}`;
}
