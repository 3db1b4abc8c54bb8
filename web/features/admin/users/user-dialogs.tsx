// The admin-user dialogs (spec 001 §2, §3 form shapes): create, edit, reset password, delete.
// Each form lives inside its dialog, which unmounts when closed, so it always opens fresh.
import { Button, Input, NativeSelect, Stack, Text, chakra } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import type { FormEvent } from 'react'
import type { z } from 'zod'
import { useForm, useWatch, type Control, type FieldValues, type Path, type UseFormRegister, type UseFormRegisterReturn } from 'react-hook-form'
import { roleLabels } from '../../../../api/contract/common'
import { messages } from '../../../../api/contract/messages'
import {
  AdminUserCreateSchema,
  AdminUserResetPasswordSchema,
  AdminUserUpdateSchema,
  type AdminUser,
  type AdminUserCreate,
  type AdminUserCreateInput,
  type AdminUserResetPassword,
  type AdminUserUpdate,
} from '../../../../api/contract/users'
import { useIsOnline } from '../../../shared/session'
import { messageOr, toastError, toastSuccess } from '../feedback'
import { AdminDialog, DialogBody, DialogFooter } from '../ui/admin-dialog'
import { FormField } from '../ui/form-field'
import { OfflineNotice } from '../ui/offline-notice'
import { PasswordStrengthMeter } from '../../../shared/ui/password-strength-meter'
import { useUnsavedGuard } from '../../../shared/form-guard'
import { roleOptions, useAdminUserWrite } from './admin-users'
import { piecesAround } from '../../../i18n/messages'
// The back office's words are English only (area `admin`): they never change under a mounted dialog.
import { t } from '../../../i18n/runtime'

interface DialogControl {
  open: boolean
  onOpenChange: (open: boolean) => void
}

// ---- shared controls ----------------------------------------------------------------------------

function MustChangePasswordCheckbox({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <chakra.label display="inline-flex" alignItems="center" gap="2" fontWeight="medium" cursor="pointer" alignSelf="flex-start">
      <chakra.input type="checkbox" boxSize="4" accentColor="brand.800" {...registration} />
      {t('admin.users.mustChangeAtNextSignIn')}
    </chakra.label>
  )
}

function PasswordField<T extends FieldValues, Out>({
  control,
  name,
  label,
  error,
  register,
}: {
  control: Control<T, unknown, Out>
  name: Path<T>
  label: string
  error?: string
  register: UseFormRegister<T>
}) {
  const password = useWatch({ control, name }) as unknown
  return (
    <FormField label={label} error={error} required helperText={<PasswordStrengthMeter password={typeof password === 'string' ? password : ''} />}>
      <Input type="password" autoComplete="new-password" {...register(name)} />
    </FormField>
  )
}

function RoleSelect({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field {...registration}>
        {roleOptions.map((role) => (
          <option key={role} value={role}>
            {roleLabels[role]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}

function DialogActions({ submitLabel, disabled, loading, onCancel, destructive }: {
  submitLabel: string
  disabled: boolean
  loading: boolean
  onCancel: () => void
  destructive?: boolean
}) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel}>
        {t('admin.cancel')}
      </Button>
      <Button type="submit" colorPalette={destructive ? 'red' : 'brand'} disabled={disabled} loading={loading}>
        {submitLabel}
      </Button>
    </DialogFooter>
  )
}

// ---- create ------------------------------------------------------------------------------------

export interface CreateUserDialogProps extends DialogControl {
  /** 'Create Admin User' on the dashboard, 'Add User' on User Management. */
  title: string
  /** The dashboard shows 'status: body', User Management the server message (spec 001 §8). */
  errorText: (error: unknown) => string
}

/** One staff write from a dialog: success toast and close, or the error toast and stay open. */
async function writeThenClose(write: Promise<unknown>, success: string, failure: (error: unknown) => string, close: () => void) {
  try {
    await write
    toastSuccess(success)
    close()
  } catch (error) {
    toastError(failure(error))
  }
}

export function CreateUserDialog({ open, onOpenChange, title, errorText }: CreateUserDialogProps) {
  return (
    <AdminDialog open={open} onOpenChange={onOpenChange} title={title}>
      <CreateUserForm onClose={() => onOpenChange(false)} errorText={errorText} />
    </AdminDialog>
  )
}

function CreateUserForm({ onClose, errorText }: { onClose: () => void; errorText: (error: unknown) => string }) {
  const isOnline = useIsOnline()
  const write = useAdminUserWrite()
  const { control, register, handleSubmit, formState } = useForm<AdminUserCreateInput, unknown, AdminUserCreate>({
    resolver: zodResolver(AdminUserCreateSchema),
    // The form asks for a password change by default; the schema's default is false (spec 001 §3).
    defaultValues: { name: '', email: '', role: 'admin_user', password: '', mustChangePassword: true },
  })
  useUnsavedGuard(formState.isDirty, t('admin.users.unsavedNew'))
  const { errors } = formState

  const onSubmit = handleSubmit(async (body) => {
    await writeThenClose(write.mutateAsync({ kind: 'create', body }), messages.users.adminCreated, errorText, onClose)
  })

  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogBody>
        <Stack gap="4">
          <OfflineNotice isOnline={isOnline} />
          <FormField label={t('admin.column.name')} error={errors.name?.message} required>
            <Input autoComplete="off" {...register('name')} />
          </FormField>
          <FormField label={t('admin.column.email')} error={errors.email?.message} required>
            <Input type="email" autoComplete="off" {...register('email')} />
          </FormField>
          <FormField label={t('admin.column.role')} error={errors.role?.message} required>
            <RoleSelect registration={register('role')} />
          </FormField>
          <PasswordField control={control} register={register} name="password" label={t('admin.users.password')} error={errors.password?.message} />
          <MustChangePasswordCheckbox registration={register('mustChangePassword')} />
        </Stack>
      </DialogBody>
      <DialogActions submitLabel={t('admin.users.create')} disabled={!isOnline} loading={write.isPending} onCancel={onClose} />
    </form>
  )
}

// ---- edit --------------------------------------------------------------------------------------

// Name and e-mail are always sent; the role is left out when editing oneself (its select is disabled).
const EditUserSchema = AdminUserUpdateSchema.required({ name: true, email: true })
type EditUserInput = z.input<typeof EditUserSchema>

export function EditUserDialog({
  user,
  isSelf,
  onOpenChange,
}: {
  user: AdminUser | null
  /** One's own role cannot be changed (the server refuses it: there must remain a global admin). */
  isSelf: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <AdminDialog open={!!user} onOpenChange={onOpenChange} title={t('admin.users.editTitle')}>
      {user && <EditUserForm user={user} isSelf={isSelf} onClose={() => onOpenChange(false)} />}
    </AdminDialog>
  )
}

function EditUserForm({ user, isSelf, onClose }: { user: AdminUser; isSelf: boolean; onClose: () => void }) {
  const isOnline = useIsOnline()
  const write = useAdminUserWrite()
  const { register, handleSubmit, formState } = useForm<EditUserInput, unknown, AdminUserUpdate>({
    resolver: zodResolver(EditUserSchema),
    // mustChangePassword defaults to false (spec 001 §3) — here, the user's current flag, which is false unless set.
    defaultValues: { name: user.name, email: user.email, role: user.role, mustChangePassword: user.mustChangePassword },
  })
  useUnsavedGuard(formState.isDirty, t('admin.users.unsavedEdit'))
  const { errors } = formState

  const onSubmit = handleSubmit(async (body) => {
    await writeThenClose(write.mutateAsync({ kind: 'update', id: user.id, body }), messages.users.updated, (error) => messageOr(error, messages.users.failedToUpdate), onClose)
  })

  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogBody>
        <Stack gap="4">
          <OfflineNotice isOnline={isOnline} />
          <FormField label={t('admin.column.name')} error={errors.name?.message} required>
            <Input autoComplete="off" {...register('name')} />
          </FormField>
          <FormField label={t('admin.column.email')} error={errors.email?.message} required>
            <Input type="email" autoComplete="off" {...register('email')} />
          </FormField>
          <FormField label={t('admin.column.role')} error={errors.role?.message} required helperText={isSelf ? messages.users.cannotChangeOwnRole : undefined}>
            <RoleSelect registration={register('role', { disabled: isSelf })} />
          </FormField>
          <MustChangePasswordCheckbox registration={register('mustChangePassword')} />
        </Stack>
      </DialogBody>
      <DialogActions submitLabel={t('admin.saveChanges')} disabled={!isOnline} loading={write.isPending} onCancel={onClose} />
    </form>
  )
}

// ---- reset password ----------------------------------------------------------------------------

type ResetPasswordInput = { newPassword: string; mustChangePassword?: boolean }

export function ResetPasswordDialog({ user, onOpenChange }: { user: AdminUser | null; onOpenChange: (open: boolean) => void }) {
  return (
    <AdminDialog open={!!user} onOpenChange={onOpenChange} title={t('admin.users.resetPassword')}>
      {user && <ResetPasswordForm user={user} onClose={() => onOpenChange(false)} />}
    </AdminDialog>
  )
}

function ResetPasswordForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const isOnline = useIsOnline()
  const write = useAdminUserWrite()
  const { control, register, handleSubmit, formState } = useForm<ResetPasswordInput, unknown, AdminUserResetPassword>({
    resolver: zodResolver(AdminUserResetPasswordSchema),
    defaultValues: { newPassword: '', mustChangePassword: true },
  })
  useUnsavedGuard(formState.isDirty, t('admin.users.unsavedReset'))

  const onSubmit = handleSubmit(async (body) => {
    await writeThenClose(write.mutateAsync({ kind: 'resetPassword', id: user.id, body }), messages.users.passwordReset, (error) => messageOr(error, messages.users.failedToResetPassword), onClose)
  })

  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogBody>
        <Stack gap="4">
          <Text>
            {piecesAround(t, 'admin.users.resetBody', { name: <strong key="name">{user.name}</strong> }, { email: user.email })}
          </Text>
          <OfflineNotice isOnline={isOnline} />
          <PasswordField
            control={control}
            register={register}
            name="newPassword"
            label={t('admin.changePassword.new')}
            error={formState.errors.newPassword?.message}
          />
          <MustChangePasswordCheckbox registration={register('mustChangePassword')} />
        </Stack>
      </DialogBody>
      <DialogActions submitLabel={t('admin.users.resetPassword')} disabled={!isOnline} loading={write.isPending} onCancel={onClose} />
    </form>
  )
}

// ---- delete ------------------------------------------------------------------------------------

export function DeleteUserDialog({ user, onOpenChange }: { user: AdminUser | null; onOpenChange: (open: boolean) => void }) {
  const isOnline = useIsOnline()
  const write = useAdminUserWrite()
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!user) return
    await writeThenClose(write.mutateAsync({ kind: 'delete', id: user.id }), messages.users.deleted, (error) => messageOr(error, messages.users.failedToDelete), () => onOpenChange(false))
  }
  return (
    <AdminDialog open={!!user} onOpenChange={onOpenChange} title={t('admin.users.deleteTitle')} role="alertdialog">
      {user && (
        <form onSubmit={(event) => void onSubmit(event)}>
          <DialogBody>
            <Stack gap="4">
              <Text>
                {piecesAround(t, 'admin.users.deleteBody', { name: <strong key="name">{user.name}</strong> }, { email: user.email })}
              </Text>
              <OfflineNotice isOnline={isOnline} />
            </Stack>
          </DialogBody>
          <DialogActions submitLabel={t('admin.delete')} destructive disabled={!isOnline} loading={write.isPending} onCancel={() => onOpenChange(false)} />
        </form>
      )}
    </AdminDialog>
  )
}
