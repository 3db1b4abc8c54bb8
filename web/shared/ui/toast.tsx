// Toasts per spec 000 §9: at most one at a time, 5000 ms by default, a default and a destructive
// variant, F8 moves focus to the notification area. Hand-rolled (one small component) rather than
// Chakra's Ark toaster, which would add its state machine to the home page's 150 KB budget.
import { Box, Button, Text } from '@chakra-ui/react'
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { useT } from '../../i18n/runtime'
import { currentToast, dismissToast, subscribeToast } from './toast-store'

export { dismissToast, toast, type ToastOptions, type ToastVariant } from './toast-store'

export function Toaster() {
  const t = useT()
  const active = useSyncExternalStore(subscribeToast, currentToast, () => null)
  const region = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault()
        region.current?.focus()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const isDestructive = active?.variant === 'destructive'
  return (
    <Box
      ref={region}
      tabIndex={-1}
      role="region"
      aria-label={t('ui.toast.region')}
      position="fixed"
      bottom="4"
      insetX="4"
      zIndex="toast"
      display="flex"
      justifyContent="center"
      pointerEvents="none"
    >
      {/* Two live regions, there before any toast: a toast's text is announced by the one it
          appears in, once. A role on the toast itself would nest a second live region (read twice). */}
      <Box role="status" aria-atomic="true">
        {active && !isDestructive ? <ToastBox key={active.id} toast={active} /> : null}
      </Box>
      <Box role="alert" aria-atomic="true">
        {active && isDestructive ? <ToastBox key={active.id} toast={active} /> : null}
      </Box>
    </Box>
  )
}

function ToastBox({ toast: active }: { toast: NonNullable<ReturnType<typeof currentToast>> }) {
  const t = useT()
  const isDestructive = active.variant === 'destructive'
  return (
    <Box
      data-variant={active.variant}
      pointerEvents="auto"
      bg={isDestructive ? 'red.700' : 'gray.900'}
      color="white"
      rounded="md"
      shadow="lg"
      px="4"
      py="3"
      maxW="md"
      display="flex"
      gap="3"
      alignItems="flex-start"
    >
      <Box flex="1">
        <Text fontWeight="semibold">{active.title}</Text>
        {active.description && <Text fontSize="sm">{active.description}</Text>}
      </Box>
      <Button size="xs" variant="plain" color="white" aria-label={t('ui.toast.dismiss')} onClick={dismissToast}>
        ✕
      </Button>
    </Box>
  )
}
