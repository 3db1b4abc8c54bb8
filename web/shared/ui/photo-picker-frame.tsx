// The picker UI shared by the photo controls (shared/ui/photo-upload.tsx uploads at once;
// features/signup/local-photos.tsx keeps the photo on the phone): a labelled group with a preview
// frame, Choose/Replace, Take Photo (touch devices), Remove, the hidden file inputs, a live status
// line and a dismissible error. Presentational only: the caller owns the photo and its states.
import { Box, Button, Flex, Text, chakra } from '@chakra-ui/react'
import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react'
import { useT } from '../../i18n/runtime'

/** Whether the device's main pointer is a finger: phones get a 'Take Photo' button (camera). */
function isTouchDevice(): boolean {
  try {
    return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches
  } catch {
    return false
  }
}

const hiddenInput = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  opacity: 0,
} as const

export interface PhotoPickerFrameProps {
  /** Visible name of the control, e.g. 'Profile Photo'. */
  label: string
  /** Short help under the label. */
  hint?: string
  /** id of the group element (for error-summary links). */
  id?: string
  /** The preview image, or null for the empty frame. */
  preview: ReactNode
  /** Text of the empty frame. */
  emptyText: string
  /** Whether the control holds a photo (Replace instead of Choose; Remove shown). */
  hasValue: boolean
  /** True while the chosen photo is being worked on (buttons held, Remove hidden). */
  busy: boolean
  /** Content of the polite live status line. */
  status: ReactNode
  /** The inline error, or null. */
  error: string | null
  onDismissError: () => void
  onFile: (event: ChangeEvent<HTMLInputElement>) => void
  /** Remove was pressed; focus then returns to the Choose button. */
  onRemove: () => void
}

export function PhotoPickerFrame({ label, hint, id, preview, emptyText, hasValue, busy, status, error, onDismissError, onFile, onRemove }: PhotoPickerFrameProps) {
  const t = useT()
  const uid = useId()
  const groupId = id ?? `${uid}-group`
  const labelId = `${uid}-label`
  const hintId = `${uid}-hint`
  const statusId = `${uid}-status`
  const pickInput = useRef<HTMLInputElement>(null)
  const cameraInput = useRef<HTMLInputElement>(null)
  const chooseButton = useRef<HTMLButtonElement>(null)
  const [touch] = useState(isTouchDevice)

  const describedBy = [hint ? hintId : null, statusId].filter(Boolean).join(' ')
  const filled = preview != null && preview !== false
  return (
    <Box id={groupId} role="group" aria-labelledby={labelId} aria-describedby={describedBy} tabIndex={-1}>
      <Text id={labelId} fontWeight="medium">
        {label}
      </Text>
      {hint ? (
        <Text id={hintId} fontSize="sm" color="fg.muted">
          {hint}
        </Text>
      ) : null}

      <Flex mt="2" gap="4" align="center" wrap="wrap">
        <Box
          boxSize="24"
          flexShrink="0"
          borderRadius="lg"
          overflow="hidden"
          bg="gray.100"
          borderWidth="1px"
          borderStyle={filled ? 'solid' : 'dashed'}
          borderColor="gray.400"
          display="flex"
          alignItems="center"
          justifyContent="center"
          aria-hidden={filled ? undefined : 'true'}
        >
          {filled ? (
            preview
          ) : (
            <Text fontSize="xs" color="fg.muted" textAlign="center" px="2">
              {emptyText}
            </Text>
          )}
        </Box>

        <Flex gap="2" wrap="wrap">
          <Button ref={chooseButton} type="button" size="sm" variant="outline" colorPalette="brand" disabled={busy} onClick={() => pickInput.current?.click()}>
            {hasValue ? t('ui.photo.replace') : t('ui.photo.choose')}
          </Button>
          {touch ? (
            <Button type="button" size="sm" variant="outline" colorPalette="brand" disabled={busy} onClick={() => cameraInput.current?.click()}>
              {t('ui.photo.take')}
            </Button>
          ) : null}
          {hasValue && !busy ? (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              colorPalette="red"
              onClick={() => {
                onRemove()
                chooseButton.current?.focus()
              }}
            >
              {t('ui.photo.remove')}
            </Button>
          ) : null}
        </Flex>
      </Flex>

      {/* Real file inputs, visually hidden, kept out of the tab order (the buttons open them). */}
      <chakra.input ref={pickInput} type="file" accept="image/*" aria-label={t('ui.photo.chooseFileLabel', { label })} tabIndex={-1} css={hiddenInput} onChange={onFile} />
      <chakra.input ref={cameraInput} type="file" accept="image/*" capture="environment" aria-label={t('ui.photo.takePhotoLabel', { label })} tabIndex={-1} css={hiddenInput} onChange={onFile} />

      <Box id={statusId} aria-live="polite" mt="2">
        {status}
      </Box>

      {error !== null ? (
        <Flex role="alert" mt="1" gap="2" align="flex-start" bg="red.50" borderWidth="1px" borderColor="red.300" borderRadius="md" px="3" py="2">
          <Text flex="1" fontSize="sm" color="red.700">
            {error}
          </Text>
          <Button type="button" size="xs" variant="ghost" color="red.700" aria-label={t('ui.photo.dismissError')} onClick={onDismissError}>
            ✕
          </Button>
        </Flex>
      ) : null}
    </Box>
  )
}
