// The farmers list's columns (spec 001 §2), shaped to fit a 1366×768 desk screen (issue 17 item 7;
// decision 024): produce shares the farmer's cell, status and subscription share one, the Premium and
// Bulk switches carry visible labels (at the bottom of a long page the header row is far above), and
// the four actions sit two by two. Widths are fixed so long names and e-mails wrap inside their column.
import { Badge, Button, chakra, Grid, HStack, Stack, Text } from '@chakra-ui/react'
import type { AdminFarmer } from '../../../../api/contract/farmers'
import { formatFijiDate } from '../format'
import type { Column } from '../ui/data-table'
import { SaveSwitch } from '../ui/switch'
import { FarmerNameCell } from './farmer-name-cell'
import { placeOf, statusLabels } from './farmers'
// Built while the screen renders (the back office's words are loaded with its chunk, English only).
import { t } from '../../../i18n/runtime'

const statusPalette = { inactive: 'gray', pending: 'blue', active: 'green', expired: 'red', expired_followup: 'red' } as const

export interface FarmerColumnsOptions {
  may: { edit: boolean; remove: boolean; toggles: boolean; subscription: boolean }
  isOnline: boolean
  onToggle: (farmer: AdminFarmer, body: { isPremium?: boolean; isBulk?: boolean; isActive?: boolean }) => void
  onSubscription: (farmer: AdminFarmer) => void
  onEdit: (farmer: AdminFarmer) => void
  onDelete: (farmer: AdminFarmer) => void
}

/** A switch with its name beside it, so it says what it is wherever the page is scrolled. */
function LabelledSwitch({ label, farmerName, checked, disabled, onChange }: { label: string; farmerName: string; checked: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  return (
    <chakra.label display="flex" alignItems="center" gap="2" fontSize="sm" cursor="pointer">
      <SaveSwitch label={t('admin.farmers.switchNamed', { label, name: farmerName })} checked={checked} disabled={disabled} onChange={onChange} />
      {label}
    </chakra.label>
  )
}

export function farmerColumns({ may, isOnline, onToggle, onSubscription, onEdit, onDelete }: FarmerColumnsOptions): Column<AdminFarmer>[] {
  const columns: Column<AdminFarmer>[] = [
    {
      header: t('admin.daSignups.farmer'),
      cell: (f) => (
        <Stack gap="0.5" overflowWrap="anywhere">
          <FarmerNameCell name={f.name} detail={placeOf(f)} isDemo={f.isDemo} />
          <Text fontSize="xs" color="fg.muted">
            {f.produce.length ? t('admin.farmers.produceList', { produce: f.produce.join(', ') }) : t('admin.farmers.noProduce')}
          </Text>
        </Stack>
      ),
    },
    {
      header: t('admin.farmers.contact'),
      width: '24%',
      cell: (f) => (
        <Stack gap="0" fontSize="sm" overflowWrap="anywhere">
          <Text>{f.phone}</Text>
          {f.email && <Text color="fg.muted">{f.email}</Text>}
        </Stack>
      ),
    },
    {
      header: t('admin.column.status'),
      width: '10.5rem',
      cell: (f) => (
        <Stack gap="1">
          <HStack gap="1" wrap="wrap">
            <Badge colorPalette={statusPalette[f.displayStatus]}>{t(statusLabels[f.displayStatus])}</Badge>
            {f.displayStatus === 'expired_followup' && <Badge colorPalette="orange">{t('admin.farmers.followUp')}</Badge>}
          </HStack>
          <Text fontSize="xs" color="fg.muted">
            {f.subscriptionStart && f.subscriptionEnd ? (
              // A narrow column breaks the period at the dash, never inside a date.
              <>
                <chakra.span whiteSpace="nowrap">{formatFijiDate(f.subscriptionStart)} –</chakra.span>{' '}
                <chakra.span whiteSpace="nowrap">{formatFijiDate(f.subscriptionEnd)}</chakra.span>
              </>
            ) : (
              t('admin.farmers.noSubscription')
            )}
          </Text>
        </Stack>
      ),
    },
  ]
  if (may.toggles) {
    columns.push({
      header: t('admin.farmers.listing'),
      width: '7rem',
      cell: (f) => (
        <Stack gap="1">
          <LabelledSwitch label={t('admin.farmers.premium')} farmerName={f.name} checked={f.isPremium} disabled={!isOnline} onChange={(on) => onToggle(f, { isPremium: on })} />
          <LabelledSwitch label={t('admin.signups.bulk')} farmerName={f.name} checked={f.isBulk} disabled={!isOnline} onChange={(on) => onToggle(f, { isBulk: on })} />
        </Stack>
      ),
    })
  }
  if (may.toggles || may.edit || may.remove || may.subscription) {
    columns.push({
      header: t('admin.column.actions'),
      isSticky: true,
      width: '12.5rem',
      cell: (f) => (
        <Grid templateColumns="repeat(2, max-content)" gap="1">
          {may.toggles &&
            (f.displayStatus === 'active' ? (
              <Button size="xs" variant="outline" disabled={!isOnline} onClick={() => onToggle(f, { isActive: false })} aria-label={t('admin.farmers.deactivateNamed', { name: f.name })}>
                {t('admin.farmers.deactivate')}
              </Button>
            ) : (
              <Button size="xs" colorPalette="green" variant="outline" disabled={!isOnline} onClick={() => onToggle(f, { isActive: true })} aria-label={t('admin.farmers.activateNamed', { name: f.name })}>
                {t('admin.farmers.activate')}
              </Button>
            ))}
          {may.subscription && (
            <Button size="xs" variant="outline" onClick={() => onSubscription(f)} aria-label={t('admin.farmers.subscriptionNamed', { name: f.name })}>
              {t('admin.signups.subscription')}
            </Button>
          )}
          {may.edit && (
            <Button size="xs" variant="outline" onClick={() => onEdit(f)} aria-label={t('admin.editNamed', { name: f.name })}>
              {t('admin.edit')}
            </Button>
          )}
          {may.remove && (
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => onDelete(f)} aria-label={t('admin.deleteNamed', { name: f.name })}>
              {t('admin.delete')}
            </Button>
          )}
        </Grid>
      ),
    })
  }
  return columns
}
