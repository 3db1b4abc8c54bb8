// The back office's modal dialog, on the browser's own <dialog> (showModal): the page behind is
// inert, focus stays inside and returns to the opener. Chakra's Ark dialog was measured to
// re-split the home page's shared chunks (+2 KB gzip of initial JS), so it is not used here.
// Unlike shared/ui/native-dialog, it can be mandatory (no close button; Escape and a click
// outside do nothing) and can be an alertdialog. Back closes it and a changed form asks before it
// is thrown away, as every dialog (shared/ui/dialog-dismiss).
import { Box, Button, Flex, Heading, chakra, type BoxProps, type FlexProps } from '@chakra-ui/react'
import { useCallback, useEffect, useId, useRef, type ReactNode } from 'react'
import { useDialogDismiss } from '../../../shared/ui/dialog-dismiss'
import { useT } from '../../../i18n/runtime'

export interface AdminDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  /** Undismissable: no close button; Escape and a click outside do nothing (spec 001 §2). */
  mandatory?: boolean
  /** 'alertdialog' for confirmations of destructive actions. */
  role?: 'dialog' | 'alertdialog'
  /** DialogBody and DialogFooter, usually inside a <form>. Unmounted while closed, so forms start fresh. */
  children: ReactNode
}

export function AdminDialog(props: AdminDialogProps) {
  return props.open ? <OpenDialog {...props} /> : null
}

function OpenDialog({ onOpenChange, title, mandatory = false, role = 'dialog', children }: AdminDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const t = useT()
  const titleId = useId()
  const onOpenChangeRef = useRef(onOpenChange)
  useEffect(() => {
    onOpenChangeRef.current = onOpenChange
  }, [onOpenChange])
  const dismiss = useDialogDismiss(ref, useCallback(() => onOpenChangeRef.current(false), []), { mandatory })

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement instanceof HTMLElement && !dialog.contains(document.activeElement) ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    const root = document.documentElement
    const previousOverflow = root.style.overflow
    root.style.overflow = 'hidden'
    return () => {
      root.style.overflow = previousOverflow
      if (opener?.isConnected) setTimeout(() => opener.focus({ preventScroll: true }), 0)
    }
  }, [])

  return (
    <chakra.dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={dismiss.onCancel}
      onClose={dismiss.onClose}
      onClick={dismiss.onBackdropClick}
      p="0"
      m="auto"
      border="none"
      borderRadius="lg"
      boxShadow="xl"
      bg="bg.panel"
      color="fg"
      w="min(calc(100vw - 1rem), 32rem)"
      maxW="none"
      maxH="calc(100dvh - 1rem)"
      overflow="auto"
      overscrollBehavior="contain"
      _backdrop={{ bg: 'rgba(9, 9, 11, 0.6)' }}
    >
      <Flex align="flex-start" gap="3" px="6" pt="5" pb="2">
        <Heading as="h2" id={titleId} size="lg" flex="1" minW="0" overflowWrap="anywhere">
          {title}
        </Heading>
        {!mandatory && (
          <Button size="sm" variant="ghost" aria-label={t('admin.dialog.close')} onClick={() => dismiss.requestClose()}>
            ✕
          </Button>
        )}
      </Flex>
      {children}
    </chakra.dialog>
  )
}

export function DialogBody(props: BoxProps) {
  return <Box px="6" py="3" {...props} />
}

export function DialogFooter(props: FlexProps) {
  return <Flex px="6" pt="3" pb="5" gap="3" justify="flex-end" wrap="wrap" {...props} />
}

/**
 * Cancel and the dialog's action. Without `onConfirm` the action submits the dialog's form;
 * with it, the action is a plain button (confirmations).
 */
export function DialogActions({ label, onCancel, onConfirm, loading, disabled, destructive }: {
  label: string
  onCancel: () => void
  onConfirm?: () => void
  loading?: boolean
  disabled?: boolean
  destructive?: boolean
}) {
  const t = useT()
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel}>
        {t('admin.cancel')}
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} onClick={onConfirm} colorPalette={destructive ? 'red' : 'brand'} loading={loading} disabled={disabled}>
        {label}
      </Button>
    </DialogFooter>
  )
}
