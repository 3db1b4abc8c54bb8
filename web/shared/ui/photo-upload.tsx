// Photo picker and uploader (spec 000 §2 expert registration, §4 photo upload states, §8 upload
// texts; clarifications: up to 3 farm photos on a signup). Used inside the lazy forms only.
//
// States: idle, uploading, error (an inline, dismissible message). The browser checks the file
// first (image only, size limit of the flow), then uploads it in two steps (shared/upload.ts);
// the form keeps only the stored path ('/objects/uploads/{id}').
import { Flex, Text, chakra } from '@chakra-ui/react'
import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react'
import { checkImageFile, messages } from '../../../api/contract'
import { UploadError, defaultMaxBytes, uploadPhoto, type UploadMode } from '../upload'
import { PhotoPickerFrame } from './photo-picker-frame'
import { useT } from '../../i18n/runtime'

type UploadState = { status: 'idle' } | { status: 'uploading' } | { status: 'error'; message: string }

export interface PhotoUploadProps {
  /** Visible name of the control, e.g. 'Profile Photo'. */
  label: string
  /** Which upload flow: 'public' forms or a signed-in user (Data Agent Mode). */
  mode: UploadMode
  /** Size limit in bytes; defaults to the flow's limit (5 MB public, 10 MB signed-in). */
  maxBytes?: number
  /** The stored photo path, or null when there is none. */
  value: string | null
  onChange: (path: string | null) => void
  /** After a successful upload (e.g. to show a 'Photo uploaded successfully' toast). */
  onUploaded?: (path: string) => void
  /** True while an upload runs, so a form can hold its submit button. */
  onBusyChange?: (busy: boolean) => void
  /** Short help under the label. */
  hint?: string
  /** id of the group element (for error-summary links). */
  id?: string
}

export function PhotoUpload({ label, mode, maxBytes, value, onChange, onUploaded, onBusyChange, hint, id }: PhotoUploadProps) {
  const t = useT()
  const [state, setState] = useState<UploadState>({ status: 'idle' })
  // A local preview of the chosen file, kept while it belongs to the current value.
  const [preview, setPreview] = useState<{ url: string; path: string | null } | null>(null)
  const abort = useRef<AbortController | null>(null)

  // Free the preview's memory when it is replaced or the control goes away.
  useEffect(() => {
    if (!preview) return
    return () => URL.revokeObjectURL(preview.url)
  }, [preview])

  // Stop a running upload when the control goes away.
  useEffect(() => () => abort.current?.abort(), [])

  const busyRef = useRef(onBusyChange)
  useEffect(() => {
    busyRef.current = onBusyChange
  })
  const uploading = state.status === 'uploading'
  useEffect(() => {
    busyRef.current?.(uploading)
  }, [uploading])
  useEffect(() => () => busyRef.current?.(false), [])

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget
    const file = input.files?.[0]
    input.value = '' // so choosing the same file again fires change
    if (!file) return

    // Checked before anything is shown or sent (image only, the flow's size limit).
    const problem = checkImageFile(file, maxBytes ?? defaultMaxBytes(mode))
    if (problem) {
      setState({ status: 'error', message: problem })
      return
    }

    abort.current?.abort()
    const controller = new AbortController()
    abort.current = controller
    const localUrl = URL.createObjectURL(file)
    setPreview({ url: localUrl, path: null })
    setState({ status: 'uploading' })
    try {
      const path = await uploadPhoto(file, { mode, maxBytes, signal: controller.signal })
      if (controller.signal.aborted) return
      setPreview({ url: localUrl, path })
      setState({ status: 'idle' })
      onChange(path)
      onUploaded?.(path)
    } catch (error) {
      if (controller.signal.aborted) return
      setPreview(null)
      setState({ status: 'error', message: error instanceof UploadError ? error.message : messages.uploads.uploadFailed })
    }
  }

  function remove() {
    abort.current?.abort()
    setPreview(null)
    setState({ status: 'idle' })
    onChange(null)
  }

  // The chosen file's preview while it uploads or matches the value; else the stored photo.
  const shownPreview = preview && (uploading || preview.path === value) ? preview.url : value

  return (
    <PhotoPickerFrame
      label={label}
      hint={hint}
      id={id}
      preview={
        shownPreview ? (
          <chakra.img src={shownPreview} alt={t('ui.photo.previewAlt', { label })} width="96" height="96" objectFit="cover" boxSize="full" opacity={uploading ? 0.5 : 1} />
        ) : null
      }
      emptyText={t('ui.photo.none')}
      hasValue={Boolean(value)}
      busy={uploading}
      status={
        uploading ? (
          <Text fontSize="sm" color="fg.muted">
            {t('ui.photo.uploading')}
          </Text>
        ) : null
      }
      error={state.status === 'error' ? state.message : null}
      onDismissError={() => setState({ status: 'idle' })}
      onFile={(e) => void onFile(e)}
      onRemove={remove}
    />
  )
}

export interface PhotoUploadListProps extends Omit<PhotoUploadProps, 'value' | 'onChange' | 'label' | 'id' | 'onBusyChange'> {
  /** Visible name of the list, e.g. 'Farm Photos'; each slot is '{itemLabel} {n}'. */
  itemLabel: string
  max: number
  value: readonly string[]
  onChange: (paths: string[]) => void
  onBusyChange?: (busy: boolean) => void
  /** id of the first slot (for error-summary links). */
  id?: string
}

/** Up to `max` photos: one slot per stored photo plus an empty slot while there is room. */
export function PhotoUploadList({ itemLabel, max, value, onChange, onBusyChange, id, ...rest }: PhotoUploadListProps) {
  const t = useT()
  // Stable slot keys, so that removing one photo neither remounts nor cancels the others, and
  // the empty slot that just uploaded stays the same component once it holds a photo.
  const [slotKeys, setSlotKeys] = useState(() => ({ filled: value.map((_, i) => i), empty: value.length, next: value.length + 1 }))
  let keys = slotKeys
  if (keys.filled.length !== value.length) {
    // The value was replaced from outside (e.g. a form reset): new keys for every slot.
    const n = keys.next
    keys = { filled: value.map((_, i) => n + i), empty: n + value.length, next: n + value.length + 1 }
    setSlotKeys(keys)
  }

  // Uploads finish later: their callbacks read the latest value and keys, not their render's.
  const latest = useRef({ value, filled: keys.filled })
  useLayoutEffect(() => {
    latest.current = { value, filled: keys.filled }
  })

  const busySlots = useRef(new Set<number>())
  function setBusy(key: number, busy: boolean) {
    if (busy) busySlots.current.add(key)
    else busySlots.current.delete(key)
    onBusyChange?.(busySlots.current.size > 0)
  }

  return (
    <Flex direction="column" gap="5">
      {value.map((path, index) => {
        const key = keys.filled[index] ?? -1 - index
        return (
          <PhotoUpload
            key={key}
            {...rest}
            id={index === 0 ? id : undefined}
            label={t('ui.photo.slotLabel', { label: itemLabel, number: index + 1 })}
            value={path}
            onBusyChange={(busy) => setBusy(key, busy)}
            onChange={(next) => {
              const { value: current, filled } = latest.current
              const at = filled.indexOf(key)
              if (at < 0) return
              if (next) {
                onChange(current.map((p, i) => (i === at ? next : p)))
                return
              }
              setSlotKeys((k) => ({ ...k, filled: k.filled.filter((slotKey) => slotKey !== key) }))
              onChange(current.filter((_, i) => i !== at))
            }}
          />
        )
      })}
      {value.length < max ? (
        <PhotoUpload
          key={keys.empty}
          {...rest}
          id={value.length === 0 ? id : undefined}
          label={t('ui.photo.slotLabel', { label: itemLabel, number: value.length + 1 })}
          value={null}
          onBusyChange={(busy) => setBusy(keys.empty, busy)}
          onChange={(next) => {
            const { value: current } = latest.current
            if (!next || current.length >= max) return
            setSlotKeys((k) => ({ filled: [...k.filled, k.empty], empty: k.next, next: k.next + 1 }))
            onChange([...current, next])
          }}
        />
      ) : null}
    </Flex>
  )
}
