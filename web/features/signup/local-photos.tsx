// Photo picking for the queued forms (offline-sync promises 1 and 6): the photo is checked
// (image only; the flow's size limit applies to the result), resized and re-encoded on the phone (long edge 1600 px,
// quality 0.8) and KEPT HERE, with a preview. Nothing is uploaded now: the outbox uploads it with
// the submission, when there is coverage. (Online-only screens keep shared/ui/photo-upload.tsx.)
import { Box, Button, Flex, Text, chakra } from '@chakra-ui/react'
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react'
import { checkImageFile } from '../../../api/contract'
import { PhotoPrepareError } from '../../../sync/outbox/photo-encode'
import { preparePhotoForQueue } from '../../shared/outbox/runtime'
import { newIdempotencyKey as newId } from '../../shared/ui/submit-helpers'

/** A photo kept on the phone, ready to queue. */
export interface LocalPhoto {
  id: string
  /** Already resized and re-encoded. */
  blob: Blob
}

type PickState = { status: 'idle' } | { status: 'preparing' } | { status: 'error'; message: string }

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

/** An <img> of a Blob; the object URL is freed when the blob changes or the image goes away. */
export function BlobImage({ blob, alt, dim }: { blob: Blob; alt: string; dim?: boolean }) {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    const next = URL.createObjectURL(blob)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [blob])
  if (!url) return null
  return <chakra.img src={url} alt={alt} width="96" height="96" objectFit="cover" boxSize="full" opacity={dim ? 0.5 : 1} />
}

export interface LocalPhotoPickerProps {
  label: string
  maxBytes: number
  value: LocalPhoto | null
  onChange: (photo: LocalPhoto | null) => void
  /** After a photo was added (e.g. a 'Photo added' toast). */
  onAdded?: (photo: LocalPhoto) => void
  /** True while a photo is being prepared, so a form can hold its submit button. */
  onBusyChange?: (busy: boolean) => void
  hint?: string
  id?: string
}

export function LocalPhotoPicker({ label, maxBytes, value, onChange, onAdded, onBusyChange, hint, id }: LocalPhotoPickerProps) {
  const uid = useId()
  const groupId = id ?? `${uid}-group`
  const labelId = `${uid}-label`
  const hintId = `${uid}-hint`
  const statusId = `${uid}-status`
  const pickInput = useRef<HTMLInputElement>(null)
  const cameraInput = useRef<HTMLInputElement>(null)
  const chooseButton = useRef<HTMLButtonElement>(null)
  const [state, setState] = useState<PickState>({ status: 'idle' })
  const [touch] = useState(isTouchDevice)
  const job = useRef(0)

  const busyRef = useRef(onBusyChange)
  useEffect(() => {
    busyRef.current = onBusyChange
  })
  const preparing = state.status === 'preparing'
  useEffect(() => {
    busyRef.current?.(preparing)
  }, [preparing])
  useEffect(() => () => busyRef.current?.(false), [])
  // A photo still being prepared when the control goes away is dropped.
  useEffect(() => () => void (job.current += 1), [])

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget
    const file = input.files?.[0]
    input.value = '' // so choosing the same file again fires change
    if (!file) return
    // The size limit applies to what travels: a big camera photo is shrunk first, then checked.
    const typeProblem = checkImageFile({ type: file.type, size: 0 }, maxBytes)
    if (typeProblem) {
      setState({ status: 'error', message: typeProblem })
      return
    }
    const mine = ++job.current
    setState({ status: 'preparing' })
    try {
      const blob = await preparePhotoForQueue(file)
      if (mine !== job.current) return
      const sizeProblem = checkImageFile(blob, maxBytes)
      if (sizeProblem) {
        setState({ status: 'error', message: sizeProblem })
        return
      }
      const photo: LocalPhoto = { id: newId(), blob }
      setState({ status: 'idle' })
      onChange(photo)
      onAdded?.(photo)
    } catch (error) {
      if (mine !== job.current) return
      setState({
        status: 'error',
        message: error instanceof PhotoPrepareError ? error.message : 'This photo could not be prepared on this phone. Please choose another photo.',
      })
    }
  }

  function remove() {
    job.current += 1
    setState({ status: 'idle' })
    onChange(null)
    chooseButton.current?.focus()
  }

  const describedBy = [hint ? hintId : null, statusId].filter(Boolean).join(' ')
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
          borderStyle={value ? 'solid' : 'dashed'}
          borderColor="gray.400"
          display="flex"
          alignItems="center"
          justifyContent="center"
          aria-hidden={value ? undefined : 'true'}
        >
          {value ? (
            <BlobImage blob={value.blob} alt={`Preview of ${label.toLowerCase()}`} dim={preparing} />
          ) : (
            <Text fontSize="xs" color="fg.muted" textAlign="center" px="2">
              {preparing ? 'Preparing…' : 'No photo'}
            </Text>
          )}
        </Box>

        <Flex gap="2" wrap="wrap">
          <Button ref={chooseButton} type="button" size="sm" variant="outline" colorPalette="brand" disabled={preparing} onClick={() => pickInput.current?.click()}>
            {value ? 'Replace Photo' : 'Choose Photo'}
          </Button>
          {touch ? (
            <Button type="button" size="sm" variant="outline" colorPalette="brand" disabled={preparing} onClick={() => cameraInput.current?.click()}>
              Take Photo
            </Button>
          ) : null}
          {value && !preparing ? (
            <Button type="button" size="sm" variant="ghost" colorPalette="red" onClick={remove}>
              Remove Photo
            </Button>
          ) : null}
        </Flex>
      </Flex>

      {/* Real file inputs, visually hidden, kept out of the tab order (the buttons open them). */}
      <chakra.input ref={pickInput} type="file" accept="image/*" aria-label={`${label}: choose a file`} tabIndex={-1} css={hiddenInput} onChange={(e) => void onFile(e)} />
      <chakra.input ref={cameraInput} type="file" accept="image/*" capture="environment" aria-label={`${label}: take a photo`} tabIndex={-1} css={hiddenInput} onChange={(e) => void onFile(e)} />

      <Box id={statusId} aria-live="polite" mt="2">
        {preparing ? (
          <Text fontSize="sm" color="fg.muted">
            Preparing photo…
          </Text>
        ) : value ? (
          <Text fontSize="sm" color="fg.muted">
            Kept on this phone ({formatKb(value.blob.size)}); it is sent with the form.
          </Text>
        ) : null}
      </Box>

      {state.status === 'error' ? (
        <Flex role="alert" mt="1" gap="2" align="flex-start" bg="red.50" borderWidth="1px" borderColor="red.300" borderRadius="md" px="3" py="2">
          <Text flex="1" fontSize="sm" color="red.700">
            {state.message}
          </Text>
          <Button type="button" size="xs" variant="ghost" color="red.700" aria-label="Dismiss error" onClick={() => setState({ status: 'idle' })}>
            ✕
          </Button>
        </Flex>
      ) : null}
    </Box>
  )
}

function formatKb(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`
}

export interface LocalPhotoListProps extends Omit<LocalPhotoPickerProps, 'value' | 'onChange' | 'label' | 'id' | 'onBusyChange' | 'onAdded'> {
  itemLabel: string
  max: number
  value: readonly LocalPhoto[]
  onChange: (photos: LocalPhoto[]) => void
  onBusyChange?: (busy: boolean) => void
  id?: string
}

/** Up to `max` photos: one slot per kept photo plus an empty slot while there is room. */
export function LocalPhotoList({ itemLabel, max, value, onChange, onBusyChange, id, ...rest }: LocalPhotoListProps) {
  const latest = useRef(value)
  useEffect(() => {
    latest.current = value
  })
  const busySlots = useRef(new Set<string>())
  const setBusy = (key: string, busy: boolean) => {
    if (busy) busySlots.current.add(key)
    else busySlots.current.delete(key)
    onBusyChange?.(busySlots.current.size > 0)
  }
  // The empty slot's key changes once it holds a photo, so the next empty slot starts fresh.
  const [emptyKey, setEmptyKey] = useState(() => newId())

  return (
    <Flex direction="column" gap="5">
      {value.map((photo, index) => (
        <LocalPhotoPicker
          key={photo.id}
          {...rest}
          id={index === 0 ? id : undefined}
          label={`${itemLabel} ${index + 1}`}
          value={photo}
          onBusyChange={(busy) => setBusy(photo.id, busy)}
          onChange={(next) => {
            const current = latest.current
            onChange(next ? current.map((p) => (p.id === photo.id ? next : p)) : current.filter((p) => p.id !== photo.id))
          }}
        />
      ))}
      {value.length < max ? (
        <LocalPhotoPicker
          key={emptyKey}
          {...rest}
          id={value.length === 0 ? id : undefined}
          label={`${itemLabel} ${value.length + 1}`}
          value={null}
          onBusyChange={(busy) => setBusy(emptyKey, busy)}
          onChange={(next) => {
            const current = latest.current
            if (!next || current.length >= max) return
            setEmptyKey(newId())
            onChange([...current, next])
          }}
        />
      ) : null}
    </Flex>
  )
}
