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
import { useT } from '../../../i18n/runtime'

const m = messages.reference

export function CategoriesScreen() {
  const t = useT()
  useDocumentTitle(t('admin.screen.categories'))
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
          {t('admin.categories.heading', { count: items.length })}
        </Heading>
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" onClick={() => exportCsv(namedCsv('categories', items))} disabled={categories.isPending}>
            {t('admin.exportCsv')}
          </Button>
          <Button colorPalette="brand" onClick={() => setAdding(true)}>
            {t('admin.categories.add')}
          </Button>
        </HStack>
      </Flex>

      <ListState isPending={categories.isPending} isError={categories.isError} isEmpty={items.length === 0} failedText={m.failedToFetchCategories} emptyText={t('admin.categories.empty')} label={t('admin.categories.loading')}>
        <RowTable columns={[t('admin.column.name'), t('admin.column.status'), t('admin.column.created'), t('admin.column.actions')]}>
          {items.map((item) => (
            <Table.Row key={item.id}>
              <Table.Cell fontWeight="medium">{item.name}</Table.Cell>
              <Table.Cell>
                <ActiveBadge isActive={item.isActive} />
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatFijiDate(item.createdAt)}</Table.Cell>
              <Table.Cell>
                <RowActions name={item.name} edit={{ label: t('admin.edit'), onClick: () => setEditing(item) }} onDelete={() => setDeleting(item)} />
              </Table.Cell>
            </Table.Row>
          ))}
        </RowTable>
      </ListState>

      <ItemDialog
        open={adding}
        onOpenChange={setAdding}
        title={t('admin.categories.add')}
        submitLabel={t('admin.categories.add')}
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
          title={t('admin.categories.editTitle')}
          submitLabel={t('admin.saveChanges')}
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
        title={t('admin.deleteTitle', { name: deleting?.name ?? t('admin.categories.thisCategory') })}
        confirmLabel={t('admin.delete')}
        destructive
        onConfirm={() => write.mutateAsync({ method: 'DELETE', url: `/api/admin/produce-categories/${deleting!.id}` })}
        successText={m.categoryDeleted}
        failureText={m.failedToDeleteCategory}
      >
        {t('admin.categories.deleteBody')}
      </ConfirmDialog>
    </Stack>
  )
}
