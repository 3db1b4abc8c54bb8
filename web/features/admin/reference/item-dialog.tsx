// Add and Edit dialogs for produce and categories (spec 001 §2): a name (placeholder Tomatoes for
// produce), a category chosen from the existing categories (produce only) and Active, default on.
// The contract's schema checks the form, so the form says exactly what the server would.
import { Button, Input, Stack, chakra } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import type { z } from 'zod'
import { useIsOnline } from '../../../shared/session'
import { messageOr, toastError, toastSuccess } from '../feedback'
import { AdminDialog, DialogBody, DialogFooter } from '../ui/admin-dialog'
import { FormField } from '../ui/form-field'
import { NameSelect } from '../ui/name-select'
import { OfflineNotice } from '../ui/offline-notice'
import { useT } from '../../../i18n/runtime'

export interface ItemValues {
  name: string
  category: string
  isActive: boolean
}

export interface ItemDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  submitLabel: string
  initial: ItemValues
  /** Category names to choose from; absent for a category itself. */
  categories?: readonly string[]
  namePlaceholder?: string
  schema: z.ZodType
  onSave: (body: Record<string, unknown>) => Promise<unknown>
  successText: string
  failureText: string
}

export function ItemDialog(props: ItemDialogProps) {
  return (
    <AdminDialog open={props.open} onOpenChange={props.onOpenChange} title={props.title}>
      <ItemForm {...props} />
    </AdminDialog>
  )
}

function ItemForm({ onOpenChange, submitLabel, initial, categories, namePlaceholder, schema, onSave, successText, failureText }: ItemDialogProps) {
  const t = useT()
  const isOnline = useIsOnline()
  const [values, setValues] = useState(initial)
  const [error, setError] = useState<string>()
  const [isBusy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const body = categories ? values : { name: values.name, isActive: values.isActive }
    const parsed = schema.safeParse(body)
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      return
    }
    setBusy(true)
    try {
      await onSave(parsed.data as Record<string, unknown>)
      toastSuccess(successText)
      onOpenChange(false)
    } catch (caught) {
      toastError(messageOr(caught, failureText))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <DialogBody>
        <Stack gap="4">
          <OfflineNotice isOnline={isOnline} />
          <FormField label={t('admin.column.name')} error={error} required>
            <Input value={values.name} placeholder={namePlaceholder} autoComplete="off" onChange={(e) => setValues({ ...values, name: e.target.value })} />
          </FormField>
          {categories && (
            <FormField label={t('admin.column.category')}>
              <NameSelect names={categories} emptyText={t('admin.produce.uncategorized')} value={values.category} onChange={(category) => setValues({ ...values, category })} />
            </FormField>
          )}
          <chakra.label display="inline-flex" alignItems="center" gap="2" fontWeight="medium" cursor="pointer" alignSelf="flex-start">
            <chakra.input type="checkbox" boxSize="4" accentColor="brand.800" checked={values.isActive} onChange={(e) => setValues({ ...values, isActive: e.target.checked })} />
            {t('admin.status.active')}
          </chakra.label>
        </Stack>
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('admin.cancel')}
        </Button>
        <Button type="submit" colorPalette="brand" disabled={!isOnline} loading={isBusy}>
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  )
}
