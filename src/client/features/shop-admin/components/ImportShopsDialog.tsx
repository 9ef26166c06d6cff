import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Alert.css';
import {
  Alert,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useDeferredValue, useMemo, useState } from 'react';
import type { AdminBusiness } from '#shared/businesses.ts';
import {
  checkShopRows,
  HOURS_WORDS_EXAMPLE,
  readShopCsv,
  SHOP_IMPORT_TEMPLATE,
} from '#shared/shop-import.ts';
import { SHOP_IMPORT_COLUMNS, type ShopImportRow } from '#shared/shop-import.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { schemaMessageIn } from '#client/i18n/schema-messages.ts';
import { useChallengeBusinesses } from '../api/get-challenge-businesses.ts';
import { useImportShops } from '../api/import-shops.ts';
import { linesText } from '../lines-text.ts';

/** What the dialog knows of a text: what is wrong with the file, or its rows checked. */
export type ImportCheck = { ok: false; message: string } | { ok: true; rows: ShopImportRow[] };

/**
 * The text checked in the browser by the server's own rules (src/shared/shop-import.ts), against
 * the challenge's live shops as the dialog has them, so messages agree with the import's answer.
 */
export function checkImportText(
  csv: string,
  challengeId: number,
  liveShops: Pick<AdminBusiness, 'name' | 'redemptionCode' | 'position'>[],
): ImportCheck | null {
  if (!csv.trim()) return null;
  const file = readShopCsv(csv);
  if (!file.ok) return file;
  const checked = checkShopRows(file.rows, {
    challengeId,
    firstPosition: Math.max(-1, ...liveShops.map((shop) => shop.position)) + 1,
    liveCodes: new Map(liveShops.map((shop) => [shop.redemptionCode, shop.name])),
  });
  return { ok: true, rows: checked.map(({ input: _input, ...row }) => row) };
}

/** Each row with its line, name, address and code, and under it 'Ready' or one message per column. */
export function ImportPreview({ rows }: { rows: ShopImportRow[] }) {
  const intl = useMessages();
  const lineLabel = (line: number) =>
    intl.formatMessage({ id: 'importShops.lineLabel', defaultMessage: 'Line {line}' }, { line });
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label={intl.formatMessage({ id: 'importShops.rows', defaultMessage: 'Rows' })}
      m={0}
      style={{ listStyle: 'none', padding: 0 }}
    >
      {rows.map((row) => (
        <Paper
          key={row.line}
          component="li"
          withBorder
          p="xs"
          aria-label={lineLabel(row.line)}
          data-ready={row.errors.length === 0}
        >
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {lineLabel(row.line)}
            </Text>
            <Text size="sm">
              {row.name ||
                intl.formatMessage({ id: 'importShops.noName', defaultMessage: '(no name)' })}
            </Text>
            <Text size="sm" c="dimmed">
              {row.address}
            </Text>
            <Text size="sm" ff="monospace">
              {row.redemptionCode ??
                intl.formatMessage({ id: 'importShops.newCode', defaultMessage: 'new code' })}
            </Text>
          </Group>
          {row.errors.length === 0 ? (
            <Text size="sm" c="teal.9">
              {intl.formatMessage({ id: 'importShops.ready', defaultMessage: 'Ready' })}
            </Text>
          ) : (
            <List
              size="sm"
              c="red.9"
              aria-label={intl.formatMessage(
                { id: 'importShops.lineNeedsFixing', defaultMessage: 'Line {line} needs fixing' },
                { line: row.line },
              )}
            >
              {row.errors.map((error) => (
                <List.Item key={error.column}>{schemaMessageIn(intl, error.message)}</List.Item>
              ))}
            </List>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

export interface ImportShopsDialogProps {
  opened: boolean;
  challengeId: number;
  onClose: () => void;
}

/**
 * 'Import CSV': a file (or pasted text) of shops, checked row by row as it changes; imports every
 * row, or, after saying which rows will be left out, the ready rows alone.
 */
export function ImportShopsDialog({ opened, challengeId, onClose }: ImportShopsDialogProps) {
  const intl = useMessages();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={intl.formatMessage({
        id: 'importShops.title',
        defaultMessage: 'Import Shops from CSV',
      })}
      size="xl"
    >
      {opened && <ImportShopsForm challengeId={challengeId} onDone={onClose} />}
    </Modal>
  );
}

const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(`${SHOP_IMPORT_TEMPLATE}\r\n`)}`;

function ImportShopsForm({ challengeId, onDone }: { challengeId: number; onDone: () => void }) {
  const intl = useMessages();
  const [csv, setCsv] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const liveShops = useChallengeBusinesses(challengeId).data;
  const commit = useImportShops();
  // The server's answer belongs to the text it checked (e.g. a code taken since): shown until
  // the text changes, when the browser's own check takes over again.
  const [answered, setAnswered] = useState<{ csv: string; rows: ShopImportRow[] } | null>(null);
  const deferred = useDeferredValue(csv);
  const local = useMemo(
    () => checkImportText(deferred, challengeId, liveShops ?? []),
    [deferred, challengeId, liveShops],
  );
  const check: ImportCheck | null =
    answered?.csv === csv ? { ok: true, rows: answered.rows } : local;
  const rows = check?.ok ? check.rows : [];
  const ready = rows.filter((row) => row.errors.length === 0);
  const leftOut = rows.filter((row) => row.errors.length > 0);
  const validOnly = leftOut.length > 0;
  const leftOutText = linesText(
    leftOut.map((row) => row.line),
    intl,
  );

  const chooseFile = async (chosen: File | null) => {
    setFile(chosen);
    if (chosen) setCsv(await chosen.text());
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        {intl.formatMessage(
          {
            id: 'importShops.help',
            defaultMessage:
              'One shop a row, with a header row naming the columns: {columns}. Name, address and description are required; without a code the server picks one. Hours are written as the shop dialog shows them under its days, e.g. {example} (a JSON object of days to hours is taken too); codeRotation is off, daily or hourly; dailyCap is a whole number or empty. Latitude and longitude (decimal degrees, both or neither) place the shop on the map.',
          },
          { columns: SHOP_IMPORT_COLUMNS.join(', '), example: HOURS_WORDS_EXAMPLE },
        )}
      </Text>
      <Group>
        <Button component="a" variant="light" href={templateHref} download="shops-template.csv">
          {intl.formatMessage({
            id: 'importShops.template',
            defaultMessage: 'Download template CSV',
          })}
        </Button>
      </Group>
      <FileInput
        label={intl.formatMessage({ id: 'importShops.file', defaultMessage: 'CSV file' })}
        placeholder={intl.formatMessage({
          id: 'importShops.choose',
          defaultMessage: 'Choose a .csv file',
        })}
        accept=".csv,text/csv"
        value={file}
        onChange={(chosen) => void chooseFile(chosen)}
        clearable
      />
      <Textarea
        label={intl.formatMessage({ id: 'importShops.paste', defaultMessage: 'Or paste the CSV' })}
        autosize
        minRows={4}
        maxRows={12}
        styles={{ input: { fontFamily: 'monospace' } }}
        value={csv}
        onChange={(event) => setCsv(event.currentTarget.value)}
      />
      {check && !check.ok && (
        <Alert
          color="red"
          title={intl.formatMessage({
            id: 'importShops.cannotImport',
            defaultMessage: 'The file cannot be imported',
          })}
          role="alert"
        >
          {schemaMessageIn(intl, check.message)}
        </Alert>
      )}
      {check?.ok && (
        <>
          <Text fw={600} role="status">
            {intl.formatMessage(
              {
                id: 'importShops.status',
                defaultMessage:
                  '{ready, plural, one {# row} other {# rows}} ready, {leftOut, plural, one {# row needs} other {# rows need}} fixing',
              },
              { ready: ready.length, leftOut: leftOut.length },
            )}
          </Text>
          <ImportPreview rows={rows} />
        </>
      )}
      {validOnly && ready.length > 0 && (
        <Alert
          color="yellow"
          title={intl.formatMessage({
            id: 'importShops.leftOut',
            defaultMessage: 'Rows left out',
          })}
        >
          {intl.formatMessage(
            {
              id: 'importShops.leftOutText',
              defaultMessage:
                '{lines} {leftOut, plural, one {needs fixing and will be left out. Fix it to import it too} other {need fixing and will be left out. Fix them to import them too}}, or import the {ready, plural, one {# ready shop} other {# ready shops}} alone.',
            },
            {
              lines: `${leftOutText.charAt(0).toLocaleUpperCase(intl.locale)}${leftOutText.slice(1)}`,
              leftOut: leftOut.length,
              ready: ready.length,
            },
          )}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {intl.formatMessage({ id: 'importShops.cancel', defaultMessage: 'Cancel' })}
        </Button>
        <Button
          disabled={ready.length === 0}
          loading={commit.isPending}
          onClick={() =>
            commit.mutate(
              { challengeId, csv, commit: true, validOnly },
              {
                // Nothing imported means a row failed on the server since the check (e.g. a code
                // taken meanwhile): show the rows again with the server's messages.
                onSuccess: (result) =>
                  result.imported > 0 ? onDone() : setAnswered({ csv, rows: result.rows }),
              },
            )
          }
        >
          {intl.formatMessage(
            {
              id: 'importShops.import',
              defaultMessage:
                '{validOnly, select, yes {Import {ready, plural, one {# ready shop} other {# ready shops}}, leave out {leftOut, plural, one {# row} other {# rows}}} other {Import {ready, plural, one {# shop} other {# shops}}}}',
            },
            { validOnly: validOnly ? 'yes' : 'no', ready: ready.length, leftOut: leftOut.length },
          )}
        </Button>
      </Group>
    </Stack>
  );
}
