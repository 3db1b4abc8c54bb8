// /admin/locations (spec 001 §2, global only): add by name, inline rename with Save and Cancel, an
// Active switch that saves at once, delete with confirmation (the location leaves every farmer
// who uses it), and the CSV export.
import { Button, Flex, Heading, HStack, Input, Stack, Table, Text, chakra } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { messages } from '../../../../api/contract/messages'
import { LocationCreateSchema, LocationUpdateSchema, type Location } from '../../../../api/contract/reference'
import { exportCsv } from '../../../shared/csv'
import { useIsOnline } from '../../../shared/session'
import { useDocumentTitle } from '../../../shared/site'
import { messageOr, toastError, toastSuccess } from '../feedback'
import { formatFijiDate } from '../format'
import { BackToDashboard } from '../ui/back-to-dashboard'
import { ConfirmDialog } from '../ui/confirm-dialog'
import { RowActions, RowTable } from '../ui/row-table'
import { ListState } from '../ui/list-state'
import { locationsKey, namedCsv, useAdminList, useLocationWrite } from './reference-data'
import { useT } from '../../../i18n/runtime'

const m = messages.reference

/** Runs a write with the spec's toasts; true when it succeeded. */
async function report(write: Promise<unknown>, success: string, failure: string): Promise<boolean> {
  try {
    await write
    toastSuccess(success)
    return true
  } catch (error) {
    toastError(messageOr(error, failure))
    return false
  }
}

export function LocationsScreen() {
  const t = useT()
  useDocumentTitle(t('admin.screen.locations'))
  const isOnline = useIsOnline()
  const locations = useAdminList<Location>(locationsKey, m.failedToFetchLocations)
  const write = useLocationWrite()
  const [newName, setNewName] = useState('')
  const [addError, setAddError] = useState<string>()
  const [renaming, setRenaming] = useState<{ id: number; name: string; error?: string } | null>(null)
  const [deleting, setDeleting] = useState<Location | null>(null)
  const items = locations.data ?? []

  const add = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = LocationCreateSchema.safeParse({ name: newName })
    if (!parsed.success) return setAddError(parsed.error.issues[0]?.message)
    setAddError(undefined)
    if (await report(write.mutateAsync({ method: 'POST', url: '/api/admin/locations', body: parsed.data }), m.locationCreated, m.failedToCreateLocation)) setNewName('')
  }
  const saveRename = async () => {
    if (!renaming) return
    const parsed = LocationUpdateSchema.safeParse({ name: renaming.name })
    if (!parsed.success) return setRenaming({ ...renaming, error: parsed.error.issues[0]?.message })
    if (await report(write.mutateAsync({ method: 'PATCH', url: `/api/admin/locations/${renaming.id}`, body: parsed.data }), m.locationUpdated, m.failedToUpdateLocation)) setRenaming(null)
  }
  const toggle = (location: Location) =>
    void report(write.mutateAsync({ method: 'PATCH', url: `/api/admin/locations/${location.id}`, body: { isActive: !location.isActive } }), m.locationUpdated, m.failedToUpdateLocation)

  return (
    <Stack gap="6">
      <BackToDashboard />
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <Heading as="h1" size="2xl">
          {t('admin.locations.heading', { count: items.length })}
        </Heading>
        <Button variant="outline" onClick={() => exportCsv(namedCsv('locations', items))} disabled={locations.isPending}>
          {t('admin.exportCsv')}
        </Button>
      </Flex>

      <chakra.form onSubmit={(event) => void add(event)} noValidate display="flex" gap="2" flexWrap="wrap" alignItems="flex-start">
        <Stack gap="1" flex="1" minW="14rem">
          <chakra.label htmlFor="new-location" fontWeight="medium">
            {t('admin.locations.newLabel')}
          </chakra.label>
          <Input id="new-location" value={newName} placeholder={t('admin.locations.newPlaceholder')} aria-invalid={!!addError} aria-describedby={addError ? 'new-location-error' : undefined} onChange={(e) => setNewName(e.target.value)} />
          {addError && (
            <Text id="new-location-error" color="fg.error" fontSize="sm">
              {addError}
            </Text>
          )}
        </Stack>
        <Button type="submit" colorPalette="brand" mt="7" disabled={!isOnline} loading={write.isPending && !renaming}>
          {t('admin.locations.add')}
        </Button>
      </chakra.form>

      <ListState isPending={locations.isPending} isError={locations.isError} isEmpty={items.length === 0} failedText={m.failedToFetchLocations} emptyText={t('admin.locations.empty')} label={t('admin.locations.loading')}>
        <RowTable columns={[t('admin.column.name'), t('admin.status.active'), t('admin.column.created'), t('admin.column.actions')]}>
              {items.map((location) => (
                <Table.Row key={location.id}>
                  <Table.Cell fontWeight="medium" minW="12rem">
                    {renaming?.id === location.id ? (
                      <Stack gap="1">
                        <Input size="sm" aria-label={t('admin.locations.newNameFor', { name: location.name })} value={renaming.name} autoFocus onChange={(e) => setRenaming({ ...renaming, name: e.target.value })} />
                        {renaming.error && (
                          <Text color="fg.error" fontSize="sm">
                            {renaming.error}
                          </Text>
                        )}
                      </Stack>
                    ) : (
                      location.name
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <chakra.label display="inline-flex" alignItems="center" gap="2" cursor="pointer">
                      <chakra.input type="checkbox" role="switch" boxSize="4" accentColor="brand.800" checked={location.isActive} disabled={!isOnline} aria-label={t('admin.locations.activeNamed', { name: location.name })} onChange={() => toggle(location)} />
                      {location.isActive ? t('admin.status.active') : t('admin.status.inactive')}
                    </chakra.label>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatFijiDate(location.createdAt)}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="2">
                      {renaming?.id === location.id ? (
                        <>
                          <Button size="xs" colorPalette="brand" disabled={!isOnline} onClick={() => void saveRename()}>
                            {t('admin.save')}
                          </Button>
                          <Button size="xs" variant="outline" onClick={() => setRenaming(null)}>
                            {t('admin.cancel')}
                          </Button>
                          <RowActions name={location.name} onDelete={() => setDeleting(location)} />
                        </>
                      ) : (
                        <RowActions name={location.name} edit={{ label: t('admin.locations.rename'), onClick: () => setRenaming({ id: location.id, name: location.name }) }} onDelete={() => setDeleting(location)} />
                      )}
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
        </RowTable>
      </ListState>

      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('admin.deleteTitle', { name: deleting?.name ?? t('admin.locations.thisLocation') })}
        confirmLabel={t('admin.delete')}
        destructive
        onConfirm={() => write.mutateAsync({ method: 'DELETE', url: `/api/admin/locations/${deleting!.id}` })}
        successText={m.locationDeleted}
        failureText={m.failedToDeleteLocation}
      >
        {t('admin.locations.deleteBody')}
      </ConfirmDialog>
    </Stack>
  )
}
