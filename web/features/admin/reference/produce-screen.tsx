// /admin/produce (spec 001 §2): All Produce (count) with category or Uncategorized, status and
// created date; Export CSV when the list is not empty. Only a global admin adds, edits, deletes.
import { Button, Flex, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { can } from '../../../../api/contract/permissions'
import { messages } from '../../../../api/contract/messages'
import { ProduceCreateSchema, ProduceUpdateSchema, type ProduceCategory, type ProduceItem } from '../../../../api/contract/reference'
import { exportCsv } from '../../../shared/csv'
import { useDocumentTitle } from '../../../shared/site'
import { formatFijiDate } from '../format'
import { useAdminSession } from '../ui/admin-session'
import { BackToDashboard } from '../ui/back-to-dashboard'
import { ConfirmDialog } from '../ui/confirm-dialog'
import { RowActions, RowTable } from '../ui/row-table'
import { ActiveBadge, ListState } from '../ui/list-state'
import { ItemDialog } from './item-dialog'
import { categoriesKey, produceCsv, produceKey, useAdminList, useProduceWrite } from './reference-data'
import { useT } from '../../../i18n/runtime'

const m = messages.reference

export function ProduceScreen() {
  const t = useT()
  useDocumentTitle(t('admin.screen.produce'))
  const { user } = useAdminSession()
  const canManage = can(user.role, 'produce.manage')
  const produce = useAdminList<ProduceItem>(produceKey, m.failedToFetchProduce)
  const categories = useAdminList<ProduceCategory>(categoriesKey, m.failedToFetchCategories, canManage)
  const write = useProduceWrite()
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<ProduceItem | null>(null)
  const [deleting, setDeleting] = useState<ProduceItem | null>(null)
  const items = produce.data ?? []
  const categoryNames = (categories.data ?? []).map((c) => c.name)

  return (
    <Stack gap="6">
      <BackToDashboard />
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <Heading as="h1" size="2xl">
          {t('admin.produce.heading', { count: items.length })}
        </Heading>
        <HStack gap="2" wrap="wrap">
          {items.length > 0 && (
            <Button variant="outline" onClick={() => exportCsv(produceCsv(items))}>
              {t('admin.exportCsv')}
            </Button>
          )}
          {canManage && (
            <Button colorPalette="brand" onClick={() => setAdding(true)}>
              {t('admin.produce.add')}
            </Button>
          )}
        </HStack>
      </Flex>

      <ListState isPending={produce.isPending} isError={produce.isError} isEmpty={items.length === 0} failedText={m.failedToFetchProduce} emptyText={t('admin.produce.empty')} label={t('admin.produce.loading')}>
        <RowTable columns={canManage ? [t('admin.column.name'), t('admin.column.category'), t('admin.column.status'), t('admin.column.created'), t('admin.column.actions')] : [t('admin.column.name'), t('admin.column.category'), t('admin.column.status'), t('admin.column.created')]}>
          {items.map((item) => (
            <Table.Row key={item.id}>
              <Table.Cell fontWeight="medium">{item.name}</Table.Cell>
              <Table.Cell>{item.category || <Text as="span" color="fg.muted">{t('admin.produce.uncategorized')}</Text>}</Table.Cell>
              <Table.Cell>
                <ActiveBadge isActive={item.isActive} />
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatFijiDate(item.createdAt)}</Table.Cell>
              {canManage && (
                <Table.Cell>
                  <RowActions name={item.name} edit={{ label: t('admin.edit'), onClick: () => setEditing(item) }} onDelete={() => setDeleting(item)} />
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </RowTable>
      </ListState>

      <ItemDialog
        open={adding}
        onOpenChange={setAdding}
        title={t('admin.produce.add')}
        submitLabel={t('admin.produce.add')}
        namePlaceholder={t('admin.produce.namePlaceholder')}
        initial={{ name: '', category: '', isActive: true }}
        categories={categoryNames}
        schema={ProduceCreateSchema}
        onSave={(body) => write.mutateAsync({ method: 'POST', url: '/api/admin/produce', body })}
        successText={m.produceCreated}
        failureText={m.failedToCreateProduce}
      />
      {editing && (
        <ItemDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          title={t('admin.produce.editTitle')}
          submitLabel={t('admin.saveChanges')}
          namePlaceholder={t('admin.produce.namePlaceholder')}
          initial={{ name: editing.name, category: editing.category ?? '', isActive: editing.isActive }}
          categories={categoryNames.includes(editing.category ?? '') || !editing.category ? categoryNames : [editing.category, ...categoryNames]}
          schema={ProduceUpdateSchema}
          onSave={(body) => write.mutateAsync({ method: 'PATCH', url: `/api/admin/produce/${editing.id}`, body })}
          successText={m.produceUpdated}
          failureText={m.failedToUpdateProduce}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('admin.deleteTitle', { name: deleting?.name ?? t('admin.produce.thisProduce') })}
        confirmLabel={t('admin.delete')}
        destructive
        onConfirm={() => write.mutateAsync({ method: 'DELETE', url: `/api/admin/produce/${deleting!.id}` })}
        successText={m.produceDeleted}
        failureText={m.failedToDeleteProduce}
      >
        {t('admin.produce.deleteBody')}
      </ConfirmDialog>
    </Stack>
  )
}
