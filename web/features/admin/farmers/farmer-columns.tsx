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
      <SaveSwitch label={`${label}: ${farmerName}`} checked={checked} disabled={disabled} onChange={onChange} />
      {label}
    </chakra.label>
  )
}

export function farmerColumns({ may, isOnline, onToggle, onSubscription, onEdit, onDelete }: FarmerColumnsOptions): Column<AdminFarmer>[] {
  const columns: Column<AdminFarmer>[] = [
    {
      header: 'Farmer',
      cell: (f) => (
        <Stack gap="0.5" overflowWrap="anywhere">
          <FarmerNameCell name={f.name} detail={placeOf(f)} isDemo={f.isDemo} />
          <Text fontSize="xs" color="fg.muted">
            {f.produce.length ? `Produce: ${f.produce.join(', ')}` : 'No produce'}
          </Text>
        </Stack>
      ),
    },
    {
      header: 'Contact',
      width: '24%',
      cell: (f) => (
        <Stack gap="0" fontSize="sm" overflowWrap="anywhere">
          <Text>{f.phone}</Text>
          {f.email && <Text color="fg.muted">{f.email}</Text>}
        </Stack>
      ),
    },
    {
      header: 'Status',
      width: '10.5rem',
      cell: (f) => (
        <Stack gap="1">
          <HStack gap="1" wrap="wrap">
            <Badge colorPalette={statusPalette[f.displayStatus]}>{statusLabels[f.displayStatus]}</Badge>
            {f.displayStatus === 'expired_followup' && <Badge colorPalette="orange">Follow-up</Badge>}
          </HStack>
          <Text fontSize="xs" color="fg.muted">
            {f.subscriptionStart && f.subscriptionEnd ? (
              // A narrow column breaks the period at the dash, never inside a date.
              <>
                <chakra.span whiteSpace="nowrap">{formatFijiDate(f.subscriptionStart)} –</chakra.span>{' '}
                <chakra.span whiteSpace="nowrap">{formatFijiDate(f.subscriptionEnd)}</chakra.span>
              </>
            ) : (
              'No subscription'
            )}
          </Text>
        </Stack>
      ),
    },
  ]
  if (may.toggles) {
    columns.push({
      header: 'Listing',
      width: '7rem',
      cell: (f) => (
        <Stack gap="1">
          <LabelledSwitch label="Premium" farmerName={f.name} checked={f.isPremium} disabled={!isOnline} onChange={(on) => onToggle(f, { isPremium: on })} />
          <LabelledSwitch label="Bulk" farmerName={f.name} checked={f.isBulk} disabled={!isOnline} onChange={(on) => onToggle(f, { isBulk: on })} />
        </Stack>
      ),
    })
  }
  if (may.toggles || may.edit || may.remove || may.subscription) {
    columns.push({
      header: 'Actions',
      isSticky: true,
      width: '12.5rem',
      cell: (f) => (
        <Grid templateColumns="repeat(2, max-content)" gap="1">
          {may.toggles &&
            (f.displayStatus === 'active' ? (
              <Button size="xs" variant="outline" disabled={!isOnline} onClick={() => onToggle(f, { isActive: false })} aria-label={`Deactivate ${f.name}`}>
                Deactivate
              </Button>
            ) : (
              <Button size="xs" colorPalette="green" variant="outline" disabled={!isOnline} onClick={() => onToggle(f, { isActive: true })} aria-label={`Activate ${f.name}`}>
                Activate
              </Button>
            ))}
          {may.subscription && (
            <Button size="xs" variant="outline" onClick={() => onSubscription(f)} aria-label={`Edit subscription of ${f.name}`}>
              Subscription
            </Button>
          )}
          {may.edit && (
            <Button size="xs" variant="outline" onClick={() => onEdit(f)} aria-label={`Edit ${f.name}`}>
              Edit
            </Button>
          )}
          {may.remove && (
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => onDelete(f)} aria-label={`Delete ${f.name}`}>
              Delete
            </Button>
          )}
        </Grid>
      ),
    })
  }
  return columns
}
