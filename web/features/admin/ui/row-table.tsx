// The reference and moderation screens' tables: a bordered, horizontally scrolling table with a header row, and the
// Edit / Delete buttons of a row (each labelled with the row's name for screen readers).
import { Button, HStack, Table } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { t as translate, useT } from '../../../i18n/runtime'

export function RowTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}

export function RowActions({ name, edit, onDelete, deleteLabel = translate('admin.delete') }: {
  name: string
  /** The first button: 'Edit', 'Rename', 'View'… and what it does; absent for none. */
  edit?: { label: string; onClick: () => void }
  onDelete: () => void
  deleteLabel?: string
}) {
  const t = useT()
  return (
    <HStack gap="2">
      {edit && (
        <Button size="xs" variant="outline" aria-label={`${edit.label} ${name}`} onClick={edit.onClick}>
          {edit.label}
        </Button>
      )}
      <Button size="xs" variant="outline" colorPalette="red" aria-label={`${deleteLabel} ${name}`} onClick={onDelete}>
        {t('admin.delete')}
      </Button>
    </HStack>
  )
}
