// Tables on large screens, cards on small (spec 001 §2): one column list drives both, so the two
// views always show the same fields. Loading shows 5 skeleton rows; an empty list its empty text.
// Cells may hold blocks (stacks, button rows), so the card puts them in <div>s, never in <p> or <span>.
import { Card, Skeleton, Stack, Table, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useT } from '../../../i18n/runtime'

export interface Column<Row> {
  header: string
  cell: (row: Row) => ReactNode
  /** Kept in view at the table's right edge even when the table is wider than the screen. */
  isSticky?: boolean
  /** The column's share of a fit-to-screen table ('24%', '7rem'); columns without one share the rest. */
  width?: string
}

export interface DataTableProps<Row> {
  label: string
  rows: readonly Row[] | undefined
  rowKey: (row: Row) => string
  columns: readonly Column<Row>[]
  isPending?: boolean
  error?: string | null
  empty: ReactNode
  /** The card's heading (defaults to the first column). */
  cardTitle?: (row: Row) => ReactNode
  /**
   * The table is exactly as wide as the screen and its cells wrap, so every column (switches and
   * actions included) is in reach without scrolling sideways. Without it the table scrolls sideways
   * and its cells stay on one line (Chakra's scroll area).
   */
  fitsScreen?: boolean
}

const stickyRight = { position: 'sticky', right: '0', bg: 'bg', zIndex: '1', borderStartWidth: '1px' } as const

export function DataTable<Row>({ label, rows, rowKey, columns, isPending, error, empty, cardTitle, fitsScreen }: DataTableProps<Row>) {
  const t = useT()
  if (isPending) {
    return (
      <Stack gap="2" role="status" aria-busy="true" aria-label={t('admin.loading', { label })}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height="12" />
        ))}
      </Stack>
    )
  }
  if (error) {
    return (
      <Text role="alert" color="fg.error">
        {error}
      </Text>
    )
  }
  if (!rows || rows.length === 0) return <>{typeof empty === 'string' ? <Text color="fg.muted">{empty}</Text> : empty}</>
  const [first, ...rest] = columns
  return (
    <>
      <Stack as="ul" hideFrom="lg" gap="3" listStyle="none" m="0" p="0" aria-label={label}>
        {rows.map((row) => (
          <Card.Root as="li" key={rowKey(row)} size="sm">
            <Card.Body gap="1">
              {/* divs, not <p>/<span>: a cell may hold blocks (a name over its place, badges). */}
              <Text as="div" fontWeight="semibold">{cardTitle ? cardTitle(row) : first?.cell(row)}</Text>
              {(cardTitle ? columns : rest).map((column) => (
                <Stack key={column.header} direction="row" gap="2" fontSize="sm" align="center" wrap="wrap">
                  <Text as="span" color="fg.muted" minW="8rem">
                    {column.header}
                  </Text>
                  <Stack direction="row" gap="2" align="center" wrap="wrap">
                    {column.cell(row)}
                  </Stack>
                </Stack>
              ))}
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
      {/* Focusable so a keyboard can scroll it sideways (axe scrollable-region-focusable). */}
      <Table.ScrollArea hideBelow="lg" borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={label} {...(fitsScreen && { whiteSpace: 'normal' })}>
        <Table.Root size="sm" aria-label={label} {...(fitsScreen && { tableLayout: 'fixed' })}>
          <Table.Header>
            <Table.Row>
              {columns.map((column) => (
                <Table.ColumnHeader key={column.header} width={column.width} {...(column.isSticky && stickyRight)}>
                  {column.header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Cell key={column.header} {...(column.isSticky && stickyRight)}>
                    {column.cell(row)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </>
  )
}
