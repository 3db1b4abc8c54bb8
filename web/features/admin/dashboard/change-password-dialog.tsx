// Change one's own password (spec 001 §2). Mandatory and undismissable while the user's
// mustChangePassword is set; otherwise opened from the dashboard and closable. On success the
// answer's token and user replace the session, and the page reloads.
import { Button, Input, Stack, Text } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { ChangePasswordSchema, type ChangePassword } from '../../../../api/contract/auth'
import { messages } from '../../../../api/contract/messages'
import { useIsOnline, useSessionActions } from '../../../shared/session'
import { toastError, toastSuccess } from '../feedback'
import { AdminDialog, DialogBody, DialogFooter } from '../ui/admin-dialog'
import { FormField } from '../ui/form-field'
import { OfflineNotice } from '../ui/offline-notice'
import { PasswordStrengthMeter } from '../../../shared/ui/password-strength-meter'
import { useUnsavedGuard } from '../../../shared/form-guard'
import { t as translate, useT } from '../../../i18n/runtime'

/** product: the confirmation must repeat the new password (text not shown in the spec). */
const passwordsDiffer = () => translate('admin.changePassword.passwordsDiffer')

const ChangePasswordFormSchema = ChangePasswordSchema.extend({ confirmPassword: z.string() }).refine(
  (form) => form.confirmPassword === form.newPassword,
  { path: ['confirmPassword'], error: passwordsDiffer },
)
type ChangePasswordForm = z.input<typeof ChangePasswordFormSchema>

/** How long the success toast shows before the reload (the toast does not survive it). */
const RELOAD_DELAY_MS = 1200

export function ChangePasswordDialog({ open, mandatory, onOpenChange }: { open: boolean; mandatory: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT()
  return (
    <AdminDialog open={open} onOpenChange={onOpenChange} title={mandatory ? t('admin.changePassword.titleMandatory') : t('admin.dashboard.changePassword')} mandatory={mandatory}>
      <ChangePasswordFormBody mandatory={mandatory} onCancel={() => onOpenChange(false)} />
    </AdminDialog>
  )
}

function ChangePasswordFormBody({ mandatory, onCancel }: { mandatory: boolean; onCancel: () => void }) {
  const t = useT()
  const isOnline = useIsOnline()
  const { changePassword } = useSessionActions()
  const { control, register, handleSubmit, formState } = useForm<ChangePasswordForm, unknown, ChangePassword & { confirmPassword: string }>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  })
  useUnsavedGuard(formState.isDirty, t('admin.changePassword.unsaved'))
  const newPassword = useWatch({ control, name: 'newPassword' })
  const [changed, setChanged] = useState(false)
  const { errors } = formState

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword({ currentPassword, newPassword })
    } catch (error) {
      toastError(error instanceof Error ? error.message : messages.auth.failedToChangePassword)
      return
    }
    setChanged(true)
    toastSuccess(messages.auth.passwordChanged)
    window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS)
  })

  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogBody>
        <Stack gap="4">
          {mandatory && <Text>{t('admin.changePassword.mandatory')}</Text>}
          <OfflineNotice isOnline={isOnline} />
          <FormField label={t('admin.changePassword.current')} error={errors.currentPassword?.message} required>
            <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
          </FormField>
          <FormField label={t('admin.changePassword.new')} error={errors.newPassword?.message} required helperText={<PasswordStrengthMeter password={newPassword} />}>
            <Input type="password" autoComplete="new-password" {...register('newPassword')} />
          </FormField>
          <FormField label={t('admin.changePassword.confirm')} error={errors.confirmPassword?.message} required>
            <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
          </FormField>
        </Stack>
      </DialogBody>
      <DialogFooter>
        {!mandatory && (
          <Button variant="outline" onClick={onCancel}>
            {t('admin.cancel')}
          </Button>
        )}
        <Button type="submit" colorPalette="brand" disabled={!isOnline || changed} loading={formState.isSubmitting}>
          {t('admin.dashboard.changePassword')}
        </Button>
      </DialogFooter>
    </form>
  )
}
