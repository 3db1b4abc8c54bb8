// Farmer dialogs (spec 001 §2, §5): add/edit with the contract's schema and messages, subscription
// edit, and the delete confirmation. Forms live inside their dialogs, so they open fresh.
import { Box, Input, SimpleGrid, Stack, Text, Textarea, chakra } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { FarmerCreateSchema, FarmerSubscriptionUpdateSchema, FarmerUpdateSchema, type AdminFarmer, type FarmerSeen } from '../../../../api/contract/farmers'
import { MAX_PRODUCE_PER_FARMER } from '../../../../api/contract/farmer-signup'
import { messages } from '../../../../api/contract/messages'
import type { PublicLocation, PublicProduce } from '../../../../api/contract/reference'
import { errorStatus, serverMessage, useIsOnline } from '../../../shared/session'
import { toastError, toastSuccess, statusAndBodyOr } from '../feedback'
import { AdminDialog, DialogActions, DialogBody } from '../ui/admin-dialog'
import { FormField } from '../ui/form-field'
import { OfflineNotice } from '../ui/offline-notice'
import { useFarmerWrite } from './farmers'
import { piecesAround } from '../../../i18n/messages'
// The back office's words are English only (area `admin`): they never change under a mounted dialog.
import { t } from '../../../i18n/runtime'
import { focusFirstInvalid } from '../ui/focus-first-invalid'
import { dateInputDaysAfter, fijiDateInput } from '../../../shared/fiji-time'
import { changedValues } from '../ui/changed-values'

const m = messages.farmers
const dateInput = fijiDateInput

interface FormValues {
  name: string
  phone: string
  email: string
  website: string
  town: string
  tikina: string
  comments: string
  cities: string[]
  produce: string[]
  subscriptionStart: string
  subscriptionEnd: string
  isActive: boolean
  isPremium: boolean
  isBulk: boolean
  deliveryAvailable: boolean
}

function initialValues(farmer: AdminFarmer | null): FormValues {
  const today = fijiDateInput(new Date().toISOString())
  return {
    name: farmer?.name ?? '',
    phone: farmer?.phone ?? '',
    email: farmer?.email ?? '',
    website: farmer?.website ?? '',
    town: farmer?.town ?? '',
    tikina: farmer?.tikina ?? '',
    comments: farmer?.comments ?? '',
    cities: farmer?.cities ?? [],
    produce: farmer?.produce ?? [],
    // An admin-created farmer defaults to now … 720 hours later (spec 001 §9).
    subscriptionStart: farmer ? dateInput(farmer.subscriptionStart) : today,
    subscriptionEnd: farmer ? dateInput(farmer.subscriptionEnd) : dateInputDaysAfter(today, 30),
    isActive: farmer?.isActive ?? true,
    isPremium: farmer?.isPremium ?? false,
    isBulk: farmer?.isBulk ?? false,
    deliveryAvailable: farmer?.deliveryAvailable ?? false,
  }
}

/**
 * An edit's PATCH: the changed fields only (changedValues). The dates go as a pair, and with Active:
 * the server judges them together, and a lone isActive is the Activate action, which sets the dates.
 */
function editedFields(before: FormValues, after: FormValues): Partial<FormValues> {
  const changed = changedValues(before, after)
  if ('subscriptionStart' in changed || 'subscriptionEnd' in changed || 'isActive' in changed) {
    return { ...changed, subscriptionStart: after.subscriptionStart, subscriptionEnd: after.subscriptionEnd }
  }
  return changed
}

/** What the dialog was opened with, of the fields it sends: the server refuses the edit if a colleague changed one since. */
function seenOf(farmer: AdminFarmer, keys: readonly string[]): FarmerSeen {
  return Object.fromEntries(keys.map((key) => [key, farmer[key as keyof FarmerSeen]])) as FarmerSeen
}

function CheckboxGroup({ legend, options: listed, chosen, max, onChange, error }: { legend: string; options: string[]; chosen: string[]; max?: number; onChange: (next: string[]) => void; error?: string }) {
  const errorId = useId()
  // A town or produce made inactive since the farmer chose it is no longer listed: still shown, ticked,
  // so staff see what the farmer has (and counts towards the maximum) and can untick it.
  const options = [...chosen.filter((name) => !listed.includes(name)), ...listed]
  return (
    <chakra.fieldset borderWidth="1px" rounded="md" p="3" aria-invalid={!!error} aria-describedby={error ? errorId : undefined}>
      <chakra.legend px="1" fontWeight="medium">
        {legend}
      </chakra.legend>
      <Box maxH="10rem" overflowY="auto" display="grid" gridTemplateColumns="repeat(auto-fill, minmax(9rem, 1fr))" gap="1">
        {options.map((option) => {
          const checked = chosen.includes(option)
          return (
            <chakra.label key={option} display="flex" alignItems="center" gap="2" fontSize="sm">
              <chakra.input
                type="checkbox"
                checked={checked}
                disabled={!checked && max !== undefined && chosen.length >= max}
                onChange={() => onChange(checked ? chosen.filter((c) => c !== option) : [...chosen, option])}
                accentColor="brand.800"
              />
              {option}
            </chakra.label>
          )
        })}
      </Box>
      {error && (
        <Text id={errorId} color="fg.error" fontSize="sm" mt="1">
          {error}
        </Text>
      )}
    </chakra.fieldset>
  )
}

export function FarmerFormDialog({ open, farmer, onClose }: { open: boolean; farmer: AdminFarmer | null; onClose: () => void }) {
  return (
    <AdminDialog open={open} onOpenChange={(o) => !o && onClose()} title={farmer ? t('admin.editNamed', { name: farmer.name }) : t('admin.farmers.add')}>
      <FarmerForm farmer={farmer} onClose={onClose} />
    </AdminDialog>
  )
}

function FarmerForm({ farmer, onClose }: { farmer: AdminFarmer | null; onClose: () => void }) {
  const isOnline = useIsOnline()
  const write = useFarmerWrite()
  const locations = useQuery<PublicLocation[]>({ queryKey: ['/api/locations'] })
  const produce = useQuery<PublicProduce[]>({ queryKey: ['/api/produce'] })
  const [initial] = useState(() => initialValues(farmer))
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setValues((v) => ({ ...v, [key]: value }))
  const text = (key: 'name' | 'phone' | 'email' | 'website' | 'town' | 'tikina' | 'subscriptionStart' | 'subscriptionEnd') => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const body = { ...values, website: values.website, comments: values.comments }
    // An edit is judged on what it changes, as the server judges it: a farmer stored before a rule
    // (a subscription of more than 5 years) can still have the phone corrected.
    const changed = farmer ? editedFields(initial, values) : {}
    const parsed = farmer ? FarmerUpdateSchema.safeParse(changed) : FarmerCreateSchema.safeParse(body)
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])))
      focusFirstInvalid(event.currentTarget)
      return
    }
    setErrors({})
    try {
      // The form's own values, not the parsed ones: a field emptied parses to undefined, which JSON
      // drops, and the server would keep the old value. Sent as '', it is cleared (the server parses again).
      if (farmer) {
        if (Object.keys(changed).length === 0) return onClose()
        await write.mutateAsync({ kind: 'update', id: farmer.id, body: { ...changed, was: seenOf(farmer, Object.keys(changed)) } })
      } else await write.mutateAsync({ kind: 'create', body: FarmerCreateSchema.parse(body) })
      toastSuccess(farmer ? m.updated : m.created)
      onClose()
    } catch (error) {
      toastError(errorStatus(error) === 409 ? (serverMessage(error) ?? m.failedToUpdate) : statusAndBodyOr(error, farmer ? m.failedToUpdate : m.failedToCreate))
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <DialogBody>
        <Stack gap="3">
          <FormField label={t('admin.column.name')} required error={errors.name}>
            <Input {...text('name')} />
          </FormField>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <FormField label={t('admin.signups.phone')} required error={errors.phone}>
              <Input type="tel" {...text('phone')} />
            </FormField>
            <FormField label={t('admin.column.email')} required error={errors.email}>
              <Input type="email" {...text('email')} />
            </FormField>
            <FormField label={t('admin.farmers.website')} error={errors.website}>
              <Input type="url" {...text('website')} />
            </FormField>
            <FormField label={t('admin.signups.village')}>
              <Input {...text('town')} />
            </FormField>
            <FormField label={t('admin.signups.tikina')}>
              <Input {...text('tikina')} />
            </FormField>
          </SimpleGrid>
          <CheckboxGroup legend={t('admin.farmers.nearestCities')} options={(locations.data ?? []).map((l) => l.name)} chosen={values.cities} onChange={(next) => set('cities', next)} error={errors.cities} />
          <CheckboxGroup legend={t('admin.farmers.produceUpTo', { max: MAX_PRODUCE_PER_FARMER })} options={(produce.data ?? []).map((p) => p.name)} chosen={values.produce} max={MAX_PRODUCE_PER_FARMER} onChange={(next) => set('produce', next)} error={errors.produce} />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <FormField label={t('admin.farmers.subscriptionStart')} required error={errors.subscriptionStart}>
              <Input type="date" {...text('subscriptionStart')} />
            </FormField>
            <FormField label={t('admin.farmers.subscriptionEnd')} required error={errors.subscriptionEnd}>
              <Input type="date" {...text('subscriptionEnd')} />
            </FormField>
          </SimpleGrid>
          <FormField label={t('admin.experts.comments')}>
            <Textarea value={values.comments} onChange={(e) => set('comments', e.target.value)} rows={2} />
          </FormField>
          <Box display="flex" gap="4" flexWrap="wrap">
            {(['isActive', 'isPremium', 'isBulk', 'deliveryAvailable'] as const).map((key) => (
              <chakra.label key={key} display="inline-flex" gap="2" alignItems="center">
                <chakra.input type="checkbox" checked={values[key]} onChange={(e) => set(key, e.target.checked)} accentColor="brand.800" />
                {t({ isActive: 'admin.status.active', isPremium: 'admin.farmers.premium', isBulk: 'admin.signups.bulk', deliveryAvailable: 'admin.farmers.deliveryAvailable' }[key])}
              </chakra.label>
            ))}
          </Box>
          <OfflineNotice isOnline={isOnline} />
        </Stack>
      </DialogBody>
      <DialogActions label={farmer ? t('admin.saveChanges') : t('admin.farmers.add')} onCancel={onClose} loading={write.isPending} disabled={!isOnline} />
    </form>
  )
}

export function SubscriptionDialog({ farmer, onClose }: { farmer: AdminFarmer | null; onClose: () => void }) {
  return (
    <AdminDialog open={!!farmer} onOpenChange={(o) => !o && onClose()} title={t('admin.farmers.editSubscription')}>
      {farmer && <SubscriptionForm farmer={farmer} onClose={onClose} />}
    </AdminDialog>
  )
}

function SubscriptionForm({ farmer, onClose }: { farmer: AdminFarmer; onClose: () => void }) {
  const isOnline = useIsOnline()
  const write = useFarmerWrite()
  const [initial] = useState(() => ({ subscriptionStart: dateInput(farmer.subscriptionStart), subscriptionEnd: dateInput(farmer.subscriptionEnd), isActive: farmer.isActive }))
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = FarmerSubscriptionUpdateSchema.safeParse(values)
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])))
      focusFirstInvalid(event.currentTarget)
      return
    }
    // Unchanged: nothing to store, and no audit row saying it changed.
    if (Object.keys(changedValues(initial, values)).length === 0) return onClose()
    try {
      await write.mutateAsync({ kind: 'subscription', id: farmer.id, body: { ...parsed.data, was: seenOf(farmer, ['subscriptionStart', 'subscriptionEnd', 'isActive']) } })
      toastSuccess(m.subscriptionUpdated)
      onClose()
    } catch (error) {
      // A colleague's change meanwhile (409) is said as the server says it; anything else as the spec's failure.
      toastError(errorStatus(error) === 409 ? (serverMessage(error) ?? m.failedToUpdateSubscription) : m.failedToUpdateSubscription)
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <DialogBody>
        <Stack gap="3">
          <Text fontWeight="medium">{farmer.name}</Text>
          <FormField label={t('admin.farmers.subscriptionStart')} required error={errors.subscriptionStart}>
            <Input type="date" value={values.subscriptionStart} onChange={(e) => setValues((v) => ({ ...v, subscriptionStart: e.target.value }))} />
          </FormField>
          <FormField label={t('admin.farmers.subscriptionEnd')} required error={errors.subscriptionEnd}>
            <Input type="date" value={values.subscriptionEnd} onChange={(e) => setValues((v) => ({ ...v, subscriptionEnd: e.target.value }))} />
          </FormField>
          <chakra.label display="inline-flex" gap="2" alignItems="center">
            <chakra.input type="checkbox" checked={values.isActive} onChange={(e) => setValues((v) => ({ ...v, isActive: e.target.checked }))} accentColor="brand.800" />
            {t('admin.status.active')}
          </chakra.label>
          <OfflineNotice isOnline={isOnline} />
        </Stack>
      </DialogBody>
      <DialogActions label={t('admin.save')} onCancel={onClose} loading={write.isPending} disabled={!isOnline} />
    </form>
  )
}

export function DeleteFarmerDialog({ farmer, onClose }: { farmer: AdminFarmer | null; onClose: () => void }) {
  const isOnline = useIsOnline()
  const write = useFarmerWrite()
  const confirm = async () => {
    if (!farmer) return
    try {
      await write.mutateAsync({ kind: 'delete', id: farmer.id })
      toastSuccess(m.deleted)
      onClose()
    } catch {
      toastError(m.failedToDelete)
    }
  }
  return (
    <AdminDialog open={!!farmer} onOpenChange={(o) => !o && onClose()} title={t('admin.farmers.deleteTitle')} role="alertdialog">
      <DialogBody>
        <Stack gap="3">
          <Text>
            {piecesAround(t, 'admin.farmers.deleteBody', { name: <strong key="name">{farmer?.name}</strong> })}
          </Text>
          <OfflineNotice isOnline={isOnline} />
        </Stack>
      </DialogBody>
      <DialogActions label={t('admin.delete')} destructive onCancel={onClose} onConfirm={() => void confirm()} loading={write.isPending} disabled={!isOnline} />
    </AdminDialog>
  )
}
