// Photo picking for the queued forms (offline-sync promises 1 and 6): the photo is checked
// (image only; the flow's size limit applies to the result), resized and re-encoded on the phone (long edge 1600 px,
// quality 0.8) and KEPT HERE, with a preview. Nothing is uploaded now: the outbox uploads it with
// the submission, when there is coverage. (Online-only screens keep shared/ui/photo-upload.tsx.)
import { Flex, Text, chakra } from '@chakra-ui/react'
import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { checkImageFile } from '../../../api/contract'
import { PhotoPrepareError } from '../../../sync/outbox/photo-encode'
import { preparePhotoForQueue } from '../../shared/outbox/runtime'
import { PhotoPickerFrame } from '../../shared/ui/photo-picker-frame'
import { newIdempotencyKey as newId } from '../../shared/ui/submit-helpers'
import { useT } from '../../i18n/runtime'
import { translatePhotoError } from '../../i18n/photo-errors'

/** A photo kept on the phone, ready to queue. */
export interface LocalPhoto {
  id: string
  /** Already resized and re-encoded. */
  blob: Blob
}

type PickState = { status: 'idle' } | { status: 'preparing' } | { status: 'error'; message: string }

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
  const [state, setState] = useState<PickState>({ status: 'idle' })
  const job = useRef(0)
  const t = useT()

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
        message: error instanceof PhotoPrepareError ? error.message : t('signup.photo.couldNotPrepare'),
      })
    }
  }

  function remove() {
    job.current += 1
    setState({ status: 'idle' })
    onChange(null)
  }

  return (
    <PhotoPickerFrame
      label={label}
      hint={hint}
      id={id}
      preview={value ? <BlobImage blob={value.blob} alt={t('signup.photo.preview', { label: label.toLowerCase() })} dim={preparing} /> : null}
      emptyText={t(preparing ? 'signup.photo.preparing' : 'signup.photo.none')}
      hasValue={Boolean(value)}
      busy={preparing}
      status={
        preparing ? (
          <Text fontSize="sm" color="fg.muted">
            {t('signup.farmer.preparingPhoto')}
          </Text>
        ) : value ? (
          <Text fontSize="sm" color="fg.muted">
            {t('signup.photo.kept', { size: formatKb(value.blob.size) })}
          </Text>
        ) : null
      }
      error={state.status === 'error' ? translatePhotoError(state.message) : null}
      onDismissError={() => setState({ status: 'idle' })}
      onFile={(e) => void onFile(e)}
      onRemove={remove}
    />
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
