// Add Expert and Edit Expert (spec 001 §2, §5): the contract's expert fields, the expertise chosen
// from the fields list, and a photo through the signed-in 10 MB upload (its error shown inline and
// dismissible). The contract's schema checks the form, so it says what the server would.
import { Button, HStack, Image, Input, Stack, Text, Textarea, chakra } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { ExpertCreateSchema, ExpertUpdateSchema, type Expert, type ExpertField } from '../../../../api/contract/experts'
import { UPLOAD_MAX_BYTES } from '../../../../api/contract/uploads'
import { photoThumbnailPath } from '../../../../api/contract/display'
import { messages } from '../../../../api/contract/messages'
import { useIsOnline } from '../../../shared/session'
import { uploadPhoto } from '../../../shared/upload'
import { messageOr, toastError, toastSuccess } from '../feedback'
import { AdminDialog, DialogBody, DialogFooter } from '../ui/admin-dialog'
import { FormField } from '../ui/form-field'
import { NameSelect } from '../ui/name-select'
import { OfflineNotice } from '../ui/offline-notice'
import { useExpertWrite } from './experts-data'
import { useT } from '../../../i18n/runtime'
import { focusFirstInvalid } from '../ui/focus-first-invalid'

const m = messages.experts
type Values = { name: string; company: string; expertField: string; contactNumber: string; email: string; photoUrl: string; comments: string }
type FieldName = keyof Values
const emptyValues: Values = { name: '', company: '', expertField: '', contactNumber: '', email: '', photoUrl: '', comments: '' }

const valuesOf = (expert: Expert | null): Values =>
  expert
    ? { name: expert.name, company: expert.company ?? '', expertField: expert.expertField ?? '', contactNumber: expert.contactNumber, email: expert.email, photoUrl: expert.photoUrl ?? '', comments: expert.comments ?? '' }
    : emptyValues

export function ExpertDialog({ open, expert, fields, onOpenChange }: { open: boolean; expert: Expert | null; fields: readonly ExpertField[]; onOpenChange: (open: boolean) => void }) {
  const t = useT()
  return (
    <AdminDialog open={open} onOpenChange={onOpenChange} title={expert ? t('admin.experts.editTitle') : t('admin.experts.add')}>
      <ExpertForm expert={expert} fields={fields} onClose={() => onOpenChange(false)} />
    </AdminDialog>
  )
}

function ExpertForm({ expert, fields, onClose }: { expert: Expert | null; fields: readonly ExpertField[]; onClose: () => void }) {
  const t = useT()
  const isOnline = useIsOnline()
  const write = useExpertWrite()
  const [values, setValues] = useState(() => valuesOf(expert))
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({})
  const [uploadError, setUploadError] = useState<string | null>(null)
  const [isUploading, setUploading] = useState(false)
  const set = (name: FieldName, value: string) => setValues((v) => ({ ...v, [name]: value }))
  // An expertise no longer listed (or typed by a self-registered expert) stays selectable.
  const options = fields.map((f) => f.name)
  if (values.expertField && !options.includes(values.expertField)) options.unshift(values.expertField)

  const pickPhoto = async (file: File | undefined) => {
    if (!file) return
    setUploadError(null)
    setUploading(true)
    try {
      set('photoUrl', await uploadPhoto(file, { mode: 'signed-in', maxBytes: UPLOAD_MAX_BYTES }))
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : messages.uploads.uploadFailed)
    } finally {
      setUploading(false)
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = (expert ? ExpertUpdateSchema : ExpertCreateSchema).safeParse(values)
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {}
      for (const issue of parsed.error.issues) found[issue.path[0] as FieldName] ??= issue.message
      setErrors(found)
      focusFirstInvalid(event.currentTarget)
      return
    }
    setErrors({})
    try {
      await write.mutateAsync(expert ? { method: 'PUT', url: `/api/admin/subject-matter-experts/${expert.id}`, body: parsed.data } : { method: 'POST', url: '/api/admin/subject-matter-experts', body: parsed.data })
      toastSuccess(expert ? m.updated : m.created)
      onClose()
    } catch (error) {
      toastError(messageOr(error, expert ? m.failedToUpdate : m.failedToCreate))
    }
  }

  const text = (name: Exclude<FieldName, 'expertField' | 'photoUrl' | 'comments'>, label: string, options: { required?: boolean; type?: string } = {}) => (
    <FormField label={label} error={errors[name]} required={options.required}>
      <Input type={options.type ?? 'text'} autoComplete="off" value={values[name]} onChange={(e) => set(name, e.target.value)} />
    </FormField>
  )

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <DialogBody>
        <Stack gap="4">
          <OfflineNotice isOnline={isOnline} />
          {text('name', t('admin.column.name'), { required: true })}
          {text('company', t('admin.experts.company'))}
          <FormField label={t('admin.experts.fieldOfExpertise')} error={errors.expertField}>
            <NameSelect names={options} emptyText={t('admin.experts.selectExpertise')} value={values.expertField} onChange={(name) => set('expertField', name)} />
          </FormField>
          {text('contactNumber', t('admin.experts.contactNumber'), { required: true, type: 'tel' })}
          {text('email', t('admin.column.email'), { required: true, type: 'email' })}
          <FormField label={t('admin.experts.photo')} error={errors.photoUrl} helperText={t('admin.experts.photoHelp')}>
            <Stack gap="2">
              {values.photoUrl && (
                <HStack gap="3">
                  <Image src={photoThumbnailPath(values.photoUrl)} alt={t('admin.experts.photoAlt')} boxSize="16" objectFit="cover" rounded="md" />
                  <Button size="xs" variant="outline" onClick={() => set('photoUrl', '')}>
                    {t('admin.experts.removePhoto')}
                  </Button>
                </HStack>
              )}
              <chakra.input type="file" accept="image/*" aria-label={t('admin.experts.uploadPhoto')} disabled={!isOnline || isUploading} onChange={(e) => void pickPhoto(e.target.files?.[0])} />
              {isUploading && <Text fontSize="sm">{t('admin.experts.uploading')}</Text>}
              {uploadError && (
                <HStack role="alert" gap="2" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" px="3" py="2">
                  <Text flex="1" color="fg.error" fontSize="sm">
                    {uploadError}
                  </Text>
                  <Button size="xs" variant="ghost" aria-label={t('admin.dismiss')} onClick={() => setUploadError(null)}>
                    ✕
                  </Button>
                </HStack>
              )}
            </Stack>
          </FormField>
          <FormField label={t('admin.experts.comments')} error={errors.comments}>
            <Textarea rows={4} value={values.comments} onChange={(e) => set('comments', e.target.value)} />
          </FormField>
        </Stack>
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {t('admin.cancel')}
        </Button>
        <Button type="submit" colorPalette="brand" disabled={!isOnline || isUploading} loading={write.isPending}>
          {expert ? t('admin.saveChanges') : t('admin.experts.add')}
        </Button>
      </DialogFooter>
    </form>
  )
}
