import { describe, expect, it } from 'vitest';
import { inSpanish } from '#tests/helpers/spanish-intl.ts';
import { sourceIntl } from '#shared/source-intl.ts';
import { checkImportText } from '#client/features/shop-admin/components/ImportShopsDialog.tsx';
import { schemaMessageIn } from './schema-messages.ts';

/** The shop import's words and the translated fields' limits, shown in the page's language. */
const rowMessages = (csv: string) => {
  const check = checkImportText(csv, 1, []);
  if (!check?.ok) throw new Error('the file should read');
  return check.rows.flatMap((row) => row.errors.map((error) => error.message));
};
const HEADER = 'name,address,description,hours';

describe('schemaMessageIn', () => {
  it('says a CSV row’s hours message in Spanish, the message inside it too', () => {
    const [unread] = rowMessages(`${HEADER}\r\nBean,1 Main St,Coffee,Mon-Fri whenever`);
    expect(unread).toMatch(/^Line 2: the hours "/);
    expect(schemaMessageIn(inSpanish, unread!)).toMatch(
      /^Línea 2: no se puede leer el horario ".+"\. Escríbelo como lo muestra el formulario del local, por ejemplo Mon-Fri /,
    );
    // The message inside 'Line {line}: {message}' is said in Spanish too.
    expect(schemaMessageIn(inSpanish, 'Line 4: Hours labels are too long')).toBe(
      'Línea 4: Las etiquetas del horario son demasiado largas',
    );
    const [json] = rowMessages(`${HEADER}\r\nBean,1 Main St,Coffee,"{""x"":1}"`);
    expect(json).toMatch(/^Line 2: /);
    expect(schemaMessageIn(sourceIntl(), json!)).toBe(json);
  });

  it('says what is wrong with the file itself in Spanish', () => {
    const file = checkImportText('name,address,color\r\nBean,1 Main St,red', 1, []);
    expect(file).toEqual({ ok: false, message: expect.stringMatching(/^Unknown column "color"/) });
    expect(schemaMessageIn(inSpanish, (file as { message: string }).message)).toMatch(
      /^Columna desconocida: "color"\. Las columnas son: name, address/,
    );
    expect(
      schemaMessageIn(inSpanish, 'The CSV file has no shops: a header line and one line per shop.'),
    ).toBe(
      'El archivo CSV no tiene locales: necesita una línea de encabezado y una línea por local.',
    );
  });

  it('says a translated field’s too-long message in Spanish', () => {
    expect(schemaMessageIn(inSpanish, 'Hours labels are too long')).toBe(
      'Las etiquetas del horario son demasiado largas',
    );
    expect(schemaMessageIn(inSpanish, 'Prize is too long')).toBe('El premio es demasiado largo');
    expect(schemaMessageIn(sourceIntl(), 'Prize is too long')).toBe('Prize is too long');
  });
});
