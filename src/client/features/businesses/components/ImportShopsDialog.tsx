import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/List.css';
import { Button, FileInput, Group, List, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { SHOP_IMPORT_COLUMNS, type ShopImportResult } from '#shared/shop-side.ts';
import { countOf } from '#shared/plural.ts';
import { useImportShops } from '../api/import-shops.ts';

/** The rows of a preview, each with its errors or 'Ready'. */
export function ImportPreview({ rows }: { rows: ShopImportResult['rows'] }) {
  if (rows.length === 0) return <Text c="dimmed">The file has no shops.</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>Code</Table.Th>
            <Table.Th>Check</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.line}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>{row.address}</Table.Td>
              <Table.Td ff="monospace">{row.redemptionCode ?? 'new'}</Table.Td>
              <Table.Td>
                {row.errors.length === 0 ? (
                  <Text size="sm" c="teal.9">
                    Ready
                  </Text>
                ) : (
                  <List size="sm" c="red.9">
                    {row.errors.map((error) => (
                      <List.Item key={error}>{error}</List.Item>
                    ))}
                  </List>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** How many shops an import would add: all rows when none has an error, else none. */
export function importableCount(result: ShopImportResult | undefined): number {
  if (!result || result.rows.some((row) => row.errors.length > 0)) return 0;
  return result.rows.length;
}

export interface ImportShopsDialogProps {
  opened: boolean;
  challengeId: number;
  onClose: () => void;
}

/** 'Import CSV': a file (or pasted text) of shops, previewed row by row, imported all or nothing. */
export function ImportShopsDialog({ opened, challengeId, onClose }: ImportShopsDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Import Shops from CSV" size="xl">
      {opened && <ImportShopsForm challengeId={challengeId} onDone={onClose} />}
    </Modal>
  );
}

function ImportShopsForm({ challengeId, onDone }: { challengeId: number; onDone: () => void }) {
  const [csv, setCsv] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const preview = useImportShops();
  const commit = useImportShops();
  // A check belongs to the text it checked; editing the text asks for a new preview.
  const [checked, setChecked] = useState<{ csv: string; result: ShopImportResult } | null>(null);
  const result = checked?.csv === csv ? checked.result : undefined;
  const count = importableCount(result);

  const chooseFile = async (chosen: File | null) => {
    setFile(chosen);
    if (chosen) setCsv(await chosen.text());
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        One shop a row, with a header row naming the columns: {SHOP_IMPORT_COLUMNS.join(', ')}.
        Name, address and description are required; without a code the server picks one. Latitude
        and longitude (decimal degrees, both or neither) place the shop on the map.
      </Text>
      <FileInput
        label="CSV file"
        placeholder="Choose a .csv file"
        accept=".csv,text/csv"
        value={file}
        onChange={(chosen) => void chooseFile(chosen)}
        clearable
      />
      <Textarea
        label="Or paste the CSV"
        autosize
        minRows={4}
        maxRows={12}
        ff="monospace"
        value={csv}
        onChange={(event) => setCsv(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button
          variant="default"
          disabled={!csv.trim()}
          loading={preview.isPending}
          onClick={() =>
            preview.mutate(
              { challengeId, csv, commit: false },
              { onSuccess: (previewed) => setChecked({ csv, result: previewed }) },
            )
          }
        >
          Preview
        </Button>
      </Group>
      {result && <ImportPreview rows={result.rows} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button
          disabled={count === 0}
          loading={commit.isPending}
          onClick={() =>
            commit.mutate(
              { challengeId, csv, commit: true },
              {
                // Nothing imported means a row failed since the preview (e.g. a code taken
                // meanwhile): show the rows again with their errors.
                onSuccess: (committed) =>
                  committed.imported > 0 ? onDone() : setChecked({ csv, result: committed }),
              },
            )
          }
        >
          Import {countOf(count, 'shop')}
        </Button>
      </Group>
    </Stack>
  );
}
