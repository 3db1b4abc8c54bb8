// A confirmation before a destructive or public action (delete, approve): the spec's sentence,
// Cancel, and the action, which runs online only and reports through the back office's toasts.
import { Button, Stack, Text } from '@chakra-ui/react'
import { useState, type FormEvent, type ReactNode } from 'react'
import { useIsOnline } from '../../../shared/session'
import { useT } from '../../../i18n/runtime'
import { toast } from '../../../shared/ui/toast'
import { messageOr, toastError } from '../feedback'
import { AdminDialog, DialogBody, DialogFooter } from './admin-dialog'
import { OfflineNotice } from './offline-notice'

export interface ConfirmDialogProps<Result = unknown> {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  /** What will happen, in the spec's words. */
  children: ReactNode
  confirmLabel: string
  destructive?: boolean
  /** Disables the action until the dialog's own input is valid (a rejection reason…). */
  isConfirmDisabled?: boolean
  onConfirm: () => Promise<Result>
  /** The success toast's title; a function when it names what the server did ('4 reviews deleted'). */
  successText: string | ((result: Result) => string)
  /** A second line under the success title ('Review has been successfully moderated.'). */
  successDescription?: string
  /** Fallback when the server sends no message ('Failed to delete category'…). */
  failureText: string
}

export function ConfirmDialog<Result = unknown>({ open, onOpenChange, title, children, confirmLabel, destructive, isConfirmDisabled, onConfirm, successText, successDescription, failureText }: ConfirmDialogProps<Result>) {
  const t = useT()
  const isOnline = useIsOnline()
  const [isBusy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    try {
      const result = await onConfirm()
      toast({ title: typeof successText === 'function' ? successText(result) : successText, description: successDescription })
      onOpenChange(false)
    } catch (error) {
      toastError(messageOr(error, failureText))
    } finally {
      setBusy(false)
    }
  }
  return (
    <AdminDialog open={open} onOpenChange={onOpenChange} title={title} role={destructive ? 'alertdialog' : 'dialog'}>
      <form onSubmit={(event) => void submit(event)}>
        <DialogBody>
          <Stack gap="4">
            {typeof children === 'string' ? <Text>{children}</Text> : children}
            <OfflineNotice isOnline={isOnline} />
          </Stack>
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" colorPalette={destructive ? 'red' : 'brand'} disabled={!isOnline || isConfirmDisabled} loading={isBusy}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </form>
    </AdminDialog>
  )
}
