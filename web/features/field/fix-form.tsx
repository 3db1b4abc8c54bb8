// Open-fix-resend for an item the server refused (offline-sync promise 5): its fields in a
// small form, checked with the same contract schema as the original form, then resent under the
// same id (the server released the key when it refused it). A photo the server refused can be
// dropped here too.
import { Box, Button, Flex, Text, chakra } from '@chakra-ui/react'
import { useEffect, useId, useState } from 'react'
import type { OutboxItem, OutboxPhoto } from '../../../sync/outbox/types'
import { invalidPayloadIssues, outcomeOf } from '../../shared/outbox/outcome'
import { fixAndResend, itemPhotos, readReferenceList } from '../../shared/outbox/runtime'
import { storageErrorText } from '../../shared/outbox/storage-error'
import { TextInput } from '../../shared/ui/text-input'
import { toast } from '../../shared/ui/toast'
import { t as translate, useT } from '../../i18n/runtime'
import { translateMessage, useTranslateMessage } from '../../i18n/messages'
import { editableFields, fromFormValues, listOf, toFormValues, unlistedNames, type EditableField, type FormValues } from './edit'

function PhotoThumb({ blob, alt }: { blob: Blob; alt: string }) {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    const next = URL.createObjectURL(blob)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [blob])
  return url ? <chakra.img src={url} alt={alt} width="72" height="72" objectFit="cover" borderRadius="md" /> : null
}

/** The names of a reference list as last stored on this phone (undefined until read, null when there is none). */
function useListedNames(key: EditableField['choices']): string[] | null | undefined {
  const [names, setNames] = useState<string[] | null | undefined>(key ? undefined : null)
  useEffect(() => {
    if (!key) return
    let active = true
    readReferenceList(key)
      .then((list) => {
        const listed = list?.items.flatMap((item) => (typeof item === 'object' && item !== null && !Array.isArray(item) && typeof item.name === 'string' ? [item.name] : []))
        if (active) setNames(listed && listed.length > 0 ? listed : null)
      })
      .catch(() => active && setNames(null))
    return () => {
      active = false
    }
  }, [key])
  return names
}

/**
 * A list field fixed by ticking names from the phone's list (a refused town is chosen again from
 * the towns, never retyped); a name no longer on the list shows ticked and flagged, to untick.
 */
function ChoiceList({ id, field, value, error, onChange }: { id: string; field: EditableField; value: string; error?: string; onChange: (next: string) => void }) {
  const t = useT()
  const listed = useListedNames(field.choices)
  const selected = listOf(value)
  if (listed === undefined) return null
  if (listed === null) return <ListText id={id} field={field} value={value} error={error} onChange={onChange} />
  const unlisted = unlistedNames(selected, listed)
  const toggle = (name: string, checked: boolean) =>
    onChange((checked ? [...selected, name] : selected.filter((n) => n !== name)).join('\n'))
  return (
    <chakra.fieldset id={id} aria-describedby={error ? `${id}-error` : undefined} minW="0">
      <chakra.legend fontWeight="medium" mb="1" p="0">
        {t(field.labelKey)}
      </chakra.legend>
      <Flex wrap="wrap" columnGap="4" rowGap="1">
        {unlisted.map((name) => (
          <chakra.label key={`unlisted-${name}`} display="flex" gap="2" alignItems="center" color="red.700" fontWeight="semibold">
            <chakra.input type="checkbox" boxSize="5" accentColor="red.700" checked onChange={(e) => toggle(name, e.currentTarget.checked)} />
            {t('outbox.fix.notOnList', { name })}
          </chakra.label>
        ))}
        {listed.map((name) => (
          <chakra.label key={name} display="flex" gap="2" alignItems="center" minW="9rem">
            <chakra.input type="checkbox" boxSize="5" accentColor="brand.800" checked={selected.includes(name)} onChange={(e) => toggle(name, e.currentTarget.checked)} />
            {name}
          </chakra.label>
        ))}
      </Flex>
      {error ? (
        <Text id={`${id}-error`} mt="1" fontSize="sm" color="red.700" fontWeight="medium">
          {translateMessage(error)}
        </Text>
      ) : null}
    </chakra.fieldset>
  )
}

/** Without a stored list (never online since install): the names one per line. */
function ListText({ id, field, value, error, onChange }: { id: string; field: EditableField; value: string; error?: string; onChange: (next: string) => void }) {
  const t = useT()
  return (
    <Box>
      <chakra.label htmlFor={id} display="block" fontWeight="medium" mb="1">
        {t('outbox.fix.onePerLine', { label: t(field.labelKey) })}
      </chakra.label>
      <chakra.textarea
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        rows={3}
        onChange={(e) => onChange(e.currentTarget.value)}
        w="full"
        px="3"
        py="2"
        borderWidth="1px"
        borderColor={error ? 'red.600' : 'gray.400'}
        borderRadius="md"
        bg="white"
      />
      {error ? (
        <Text id={`${id}-error`} mt="1" fontSize="sm" color="red.700" fontWeight="medium">
          {translateMessage(error)}
        </Text>
      ) : null}
    </Box>
  )
}

function serverFieldErrors(item: OutboxItem, fields: readonly EditableField[]): Record<string, string> {
  const outcome = outcomeOf(item)
  if (outcome.kind !== 'refused') return {}
  const byField: Record<string, string> = {}
  for (const issue of outcome.issues) {
    const name = issue.path.split('.')[0] ?? ''
    if (fields.some((f) => f.name === name)) byField[name] ??= issue.message
  }
  return byField
}

export function FixForm({ item, onDone }: { item: OutboxItem; onDone: () => void }) {
  const t = useT()
  const translateError = useTranslateMessage()
  const fields = editableFields[item.kind]
  const [values, setValues] = useState<FormValues>(() => toFormValues(item.payload, fields))
  // The server's own words on its fields (e.g. which town is not on the list), where it gave them.
  const [errors, setErrors] = useState<Record<string, string>>(() => serverFieldErrors(item, fields))
  const [formError, setFormError] = useState<string | null>(null)
  const [photos, setPhotos] = useState<OutboxPhoto[]>([])
  const [removed, setRemoved] = useState<Set<string>>(new Set())
  const [saving, setSaving] = useState(false)
  const baseId = useId()

  useEffect(() => {
    let active = true
    void itemPhotos(item).then((list) => active && setPhotos(list))
    return () => {
      active = false
    }
  }, [item])

  const onSubmit = async () => {
    setSaving(true)
    setErrors({})
    setFormError(null)
    try {
      await fixAndResend(item.id, fromFormValues(item.payload, fields, values), [...removed])
      toast({ title: translate('outbox.fix.sentTitle'), description: translate('outbox.fix.sentDescription') })
      onDone()
    } catch (error) {
      const issues = invalidPayloadIssues(error)
      if (issues) {
        const byField: Record<string, string> = {}
        for (const issue of issues) {
          const name = issue.path.split('.')[0] ?? ''
          if (fields.some((f) => f.name === name)) byField[name] ??= issue.message
        }
        setErrors(byField)
        if (Object.keys(byField).length === 0) setFormError(issues[0]?.message ?? translate('outbox.fix.checkFields'))
      } else {
        setFormError(storageErrorText(error))
      }
    } finally {
      setSaving(false)
    }
  }

  const control = (field: EditableField) => {
    const id = `${baseId}-${field.name}`
    const error = errors[field.name]
    const described = error ? `${id}-error` : undefined
    const value = values[field.name]
    const set = (next: string | boolean) => {
      setValues((current) => ({ ...current, [field.name]: next }))
      if (errors[field.name]) setErrors((current) => ({ ...current, [field.name]: '' }))
    }
    if (field.type === 'checkbox') {
      return (
        <chakra.label key={field.name} htmlFor={id} display="flex" gap="2" alignItems="center">
          <chakra.input id={id} type="checkbox" boxSize="5" accentColor="brand.800" checked={value === true} onChange={(e) => set(e.currentTarget.checked)} aria-describedby={described} />
          {t(field.labelKey)}
          {error ? (
            <Text as="span" id={`${id}-error`} color="red.700" fontSize="sm">
              {translateError(error)}
            </Text>
          ) : null}
        </chakra.label>
      )
    }
    if (field.choices) {
      return <ChoiceList key={field.name} id={id} field={field} value={typeof value === 'string' ? value : ''} error={error} onChange={set} />
    }
    const common = {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': described,
      value: typeof value === 'string' ? value : '',
    }
    return (
      <Box key={field.name}>
        <chakra.label htmlFor={id} display="block" fontWeight="medium" mb="1">
          {t(field.labelKey)}
        </chakra.label>
        {field.type === 'textarea' || field.type === 'list' ? (
          <chakra.textarea
            {...common}
            rows={field.type === 'list' ? 3 : 4}
            onChange={(e) => set(e.currentTarget.value)}
            w="full"
            px="3"
            py="2"
            borderWidth="1px"
            borderColor={error ? 'red.600' : 'gray.400'}
            borderRadius="md"
            bg="white"
          />
        ) : (
          <TextInput
            {...common}
            type={field.type === 'rating' ? 'number' : field.type}
            min={field.type === 'rating' ? 1 : undefined}
            max={field.type === 'rating' ? 5 : undefined}
            onChange={(e) => set(e.currentTarget.value)}
            bg="white"
            borderColor={error ? 'red.600' : 'gray.400'}
          />
        )}
        {error ? (
          <Text id={`${id}-error`} mt="1" fontSize="sm" color="red.700" fontWeight="medium">
            {translateError(error)}
          </Text>
        ) : null}
      </Box>
    )
  }

  return (
    <chakra.form
      mt="4"
      p="4"
      borderWidth="1px"
      borderColor="gray.300"
      borderRadius="md"
      bg="gray.50"
      aria-label={t('outbox.fix.label')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void onSubmit()
      }}
    >
      <Text fontWeight="semibold" mb="3">
        {t('outbox.fix.intro')}
      </Text>
      {formError ? (
        <Text role="alert" mb="3" color="red.700" fontWeight="medium">
          {translateError(formError)}
        </Text>
      ) : null}
      <Flex direction="column" gap="3">
        {fields.map(control)}
      </Flex>
      {photos.length > 0 ? (
        <Box mt="4">
          <Text fontWeight="medium" mb="2">
            {t('outbox.fix.photos')}
          </Text>
          <Flex gap="4" wrap="wrap">
            {photos.map((photo, index) => (
              <chakra.label key={photo.id} display="flex" flexDirection="column" gap="1" alignItems="flex-start" fontSize="sm">
                <PhotoThumb blob={photo.blob} alt={t('outbox.fix.photoAlt', { number: index + 1 })} />
                <Flex gap="1.5" alignItems="center">
                  <chakra.input
                    type="checkbox"
                    boxSize="4"
                    checked={removed.has(photo.id)}
                    onChange={(e) => {
                      const next = new Set(removed)
                      if (e.currentTarget.checked) next.add(photo.id)
                      else next.delete(photo.id)
                      setRemoved(next)
                    }}
                  />
                  {t('outbox.fix.removePhoto', { number: index + 1 })}
                </Flex>
              </chakra.label>
            ))}
          </Flex>
        </Box>
      ) : null}
      <Flex mt="4" gap="2" wrap="wrap">
        <Button type="submit" colorPalette="brand" size="sm" disabled={saving}>
          {t(saving ? 'outbox.fix.saving' : 'outbox.fix.save')}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onDone} disabled={saving}>
          {t('outbox.fix.cancel')}
        </Button>
      </Flex>
    </chakra.form>
  )
}
