import type { IntlShape } from 'react-intl';
import { sourceIntl } from '#client/i18n/language.tsx';

/** 'line 3', 'lines 3 and 5', 'lines 3, 5 and 8': the rows of an import a message is about. */
export function linesText(lines: number[], intl: IntlShape = sourceIntl()): string {
  if (lines.length === 1) {
    return intl.formatMessage(
      { id: 'shopImport.line', defaultMessage: 'line {line}' },
      {
        line: lines[0],
      },
    );
  }
  return intl.formatMessage(
    { id: 'shopImport.lines', defaultMessage: 'lines {lines} and {last}' },
    { lines: lines.slice(0, -1).join(', '), last: lines.at(-1) },
  );
}
