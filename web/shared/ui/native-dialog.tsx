// A modal dialog on the browser's own <dialog> element (showModal): the page behind is inert
// (focus stays inside), Escape and the phone's Back button close it (a changed form asks first:
// dialog-dismiss.ts), the title labels it, and focus goes back to what opened it. Far lighter than
// Chakra's Ark dialog (no state machine, no portal, no recipe), so any chunk may use it. Mounted
// means open: render it when open, stop rendering it to close, and `onClose` is called when the
// user closes it (Escape, Back, the Close button, the backdrop).
import { Box, Button, Flex, Heading, chakra } from '@chakra-ui/react'
import { useCallback, useEffect, useId, useRef, type ReactNode } from 'react'
import { useDialogDismiss } from './dialog-dismiss'
import { useT } from '../../i18n/runtime'

export interface NativeDialogProps {
  /** The visible heading (an <h2>) that names the dialog. */
  title: ReactNode
  /** A line under the title, also the dialog's description. */
  subtitle?: ReactNode
  onClose: () => void
  children: ReactNode
  /** CSS max width; the dialog is full width on small phones. */
  maxW?: string
}

export function NativeDialog({ title, subtitle, onClose, children, maxW = '40rem' }: NativeDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const returnFocus = useRef<HTMLElement | null>(null)
  const onCloseRef = useRef(onClose)
  const t = useT()
  const titleId = useId()
  const subtitleId = useId()

  useEffect(() => {
    onCloseRef.current = onClose
  }, [onClose])

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    // Remember the opener once (StrictMode runs this effect twice).
    if (!returnFocus.current && document.activeElement instanceof HTMLElement && !dialog.contains(document.activeElement)) {
      returnFocus.current = document.activeElement
    }
    if (!dialog.open) dialog.showModal()
    const root = document.documentElement
    const previousOverflow = root.style.overflow
    root.style.overflow = 'hidden' // no scrolling of the page behind
    return () => {
      root.style.overflow = previousOverflow
    }
  }, [])

  // The element leaves the DOM when the parent stops rendering it; give focus back then too.
  useEffect(
    () => () => {
      const opener = returnFocus.current
      if (opener?.isConnected) setTimeout(() => opener.focus({ preventScroll: true }), 0)
    },
    [],
  )

  const dismiss = useDialogDismiss(ref, useCallback(() => onCloseRef.current(), []))

  return (
    <chakra.dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={subtitle ? subtitleId : undefined}
      onCancel={dismiss.onCancel}
      onClose={dismiss.onClose}
      onClick={dismiss.onBackdropClick}
      p="0"
      m="auto"
      border="none"
      borderRadius="xl"
      boxShadow="xl"
      bg="white"
      color="fg"
      w={`min(calc(100vw - 1rem), ${maxW})`}
      maxW="none"
      maxH="calc(100dvh - 1rem)"
      overflow="auto"
      overscrollBehavior="contain"
      _backdrop={{ bg: 'rgba(9, 9, 11, 0.6)' }}
    >
      <Box p={{ base: '4', md: '6' }}>
        <Flex align="flex-start" gap="3" mb="4">
          <Box flex="1" minW="0">
            <Heading as="h2" id={titleId} size="xl" overflowWrap="anywhere">
              {title}
            </Heading>
            {subtitle ? (
              <Box id={subtitleId} color="fg.muted" fontSize="sm" mt="1">
                {subtitle}
              </Box>
            ) : null}
          </Box>
          <Button size="sm" variant="outline" aria-label={t('ui.dialog.close')} onClick={() => dismiss.requestClose()}>
            ✕
          </Button>
        </Flex>
        {children}
      </Box>
    </chakra.dialog>
  )
}
