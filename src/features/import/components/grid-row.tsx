// One spreadsheet row in the grid: each cell editable, its problem right under it, the row's
// number as in the file, whether it adds or updates a person, and a button to drop it.
import { ActionIcon, Badge, Table, TextInput } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_COLUMNS, type ImportColumn } from '../../../../domain/import';
import type { PhotoMatch } from '../../../../domain/import-photos';
import type { DraftRow } from '../hooks/import-draft';
import type { RowErrors } from '../hooks/use-row-checks';

const LTR = new Set<ImportColumn>(['email', 'phone', 'country_code', 'rfid', 'external_id', 'photo']);

interface Props {
  row: DraftRow;
  errors: RowErrors | undefined;
  update: boolean | undefined;
  /** The zip's photo for this row; its problem does not skip the row, only the photo. */
  photo: PhotoMatch;
  onEdit(rowNo: number, column: ImportColumn, value: string): void;
  onDrop(rowNo: number): void;
}

export const GridRow = memo(function GridRow({ row, errors, update, photo, onEdit, onDrop }: Props) {
  const { t } = useTranslation();
  const bad = errors && Object.keys(errors).length > 0;
  return (
    <Table.Tr data-testid={`grid-row-${row.row_no}`} data-problems={bad ? 'yes' : 'no'}>
      <Table.Td>
        <Badge variant="light" color={bad ? 'red' : errors ? 'teal' : 'gray'}>
          {row.row_no}
        </Badge>
      </Table.Td>
      {IMPORT_COLUMNS.map((c) => (
        <Table.Td key={c} style={{ verticalAlign: 'top' }}>
          <TextInput
            size="xs"
            miw={c === 'country_code' ? 70 : c === 'email' ? 200 : 130}
            // Emails, numbers and ids read left to right in Arabic too ("+966", not "966+").
            dir={LTR.has(c) ? 'ltr' : undefined}
            aria-label={t('import.grid.cellLabel', { column: t(`import.columns.${c}`), row: row.row_no })}
            value={row.data[c]}
            onChange={(e) => onEdit(row.row_no, c, e.currentTarget.value)}
            error={errors?.[c] ? t(errors[c]!) : c === 'photo' && photo.problem ? t(photo.problem) : undefined}
            description={
              c === 'photo' && photo.file && !photo.problem
                ? // The file name isolated (FSI…PDI), so an Arabic line keeps it apart from "zip:".
                  t('import.photos.matched', { name: `\u2068${photo.file}\u2069` })
                : undefined
            }
            data-testid={`cell-${row.row_no}-${c}`}
          />
        </Table.Td>
      ))}
      {/* Wide enough for the outcome in each language: the table squeezes a cell to its minimum. */}
      <Table.Td style={{ verticalAlign: 'top', minWidth: 140 }}>
        {errors && !bad ? (
          <Badge variant="dot" color={update ? 'blue' : 'teal'}>
            {t(update ? 'import.grid.willUpdate' : 'import.grid.willCreate')}
          </Badge>
        ) : null}
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }}>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={t('import.grid.drop', { row: row.row_no })}
          onClick={() => onDrop(row.row_no)}
          data-testid={`drop-${row.row_no}`}
        >
          ×
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
});
