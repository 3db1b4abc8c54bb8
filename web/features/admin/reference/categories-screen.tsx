// /admin/categories (spec 001 §2, global only): name, status, created date, edit and delete, an
// add dialog and the CSV export. A delete leaves the category's produce Uncategorized.
import { Button, Flex, Heading, HStack, Stack, Table } from '@chakra-ui/react'
import { useState } from 'react'
import { messages } from '../../../../api/contract/messages'
import { ProduceCategoryCreateSchema, ProduceCategoryUpdateSchema, type ProduceCategory } from '../../../../api/contract/reference'
import { exportCsv } from '../../../shared/csv'
import { useDocumentTitle } from '../../../shared/site'
import { formatFijiDate } from '../format'
import { BackToDashboard } from '../ui/back-to-dashboard'
import { ConfirmDialog } from '../ui/confirm-dialog'
import { RowActions, RowTable } from '../ui/row-table'
import { ActiveBadge, ListState } from '../ui/list-state'
import { ItemDialog } from './item-dialog'
import { categoriesKey, namedCsv, useAdminList, useCategoryWrite } from './reference-data'

const m = messages.reference

export function CategoriesScreen() {
  useDocumentTitle('Categories')
  const categories = useAdminList<ProduceCategory>(categoriesKey, m.failedToFetchCategories)
  const write = useCategoryWrite()
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<ProduceCategory | null>(null)
  const [deleting, setDeleting] = useState<ProduceCategory | null>(null)
  const items = categories.data ?? []

  return (
    <Stack gap="6">
      <BackToDashboard />
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <Heading as="h1" size="2xl">
          Categories ({items.length})
        </Heading>
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" onClick={() => exportCsv(namedCsv('categories', items))} disabled={categories.isPending}>
            Export CSV
          </Button>
          <Button colorPalette="brand" onClick={() => setAdding(true)}>
            Add Category
          </Button>
        </HStack>
      </Flex>

      <ListState isPending={categories.isPending} isError={categories.isError} isEmpty={items.length === 0} failedText={m.failedToFetchCategories} emptyText="No categories found" label="Loading categories">
        <RowTable columns={['Name', 'Status', 'Created', 'Actions']}>
          {items.map((item) => (
            <Table.Row key={item.id}>
              <Table.Cell fontWeight="medium">{item.name}</Table.Cell>
              <Table.Cell>
                <ActiveBadge isActive={item.isActive} />
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatFijiDate(item.createdAt)}</Table.Cell>
              <Table.Cell>
                <RowActions name={item.name} edit={{ label: 'Edit', onClick: () => setEditing(item) }} onDelete={() => setDeleting(item)} />
              </Table.Cell>
            </Table.Row>
          ))}
        </RowTable>
      </ListState>

      <ItemDialog
        open={adding}
        onOpenChange={setAdding}
        title="Add Category"
        submitLabel="Add Category"
        initial={{ name: '', category: '', isActive: true }}
        schema={ProduceCategoryCreateSchema}
        onSave={(body) => write.mutateAsync({ method: 'POST', url: '/api/admin/produce-categories', body })}
        successText={m.categoryCreated}
        failureText={m.failedToCreateCategory}
      />
      {editing && (
        <ItemDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          title="Edit Category"
          submitLabel="Save Changes"
          initial={{ name: editing.name, category: '', isActive: editing.isActive }}
          schema={ProduceCategoryUpdateSchema}
          onSave={(body) => write.mutateAsync({ method: 'PATCH', url: `/api/admin/produce-categories/${editing.id}`, body })}
          successText={m.categoryUpdated}
          failureText={m.failedToUpdateCategory}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'category'}?`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => write.mutateAsync({ method: 'DELETE', url: `/api/admin/produce-categories/${deleting!.id}` })}
        successText={m.categoryDeleted}
        failureText={m.failedToDeleteCategory}
      >
        This action cannot be undone and will remove the category from all associated produce items.
      </ConfirmDialog>
    </Stack>
  )
}
