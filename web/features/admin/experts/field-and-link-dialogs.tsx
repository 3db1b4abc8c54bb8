// Manage Expertise (add by text and the Enter key, delete from the list, Done) and Share Signup
// Link (read-only link to /expert-signup on this origin, Copy, how it works) — spec 001 §2.
import { Button, HStack, Input, Stack, Text, chakra } from '@chakra-ui/react'
import { useEffect, useState, type FormEvent } from 'react'
import type { ExpertField } from '../../../../api/contract/experts'
import { messages } from '../../../../api/contract/messages'
import { useIsOnline } from '../../../shared/session'
import { toast } from '../../../shared/ui/toast'
import { messageOr, toastError, toastSuccess } from '../feedback'
import { AdminDialog, DialogBody, DialogFooter } from '../ui/admin-dialog'
import { ConfirmDialog } from '../ui/confirm-dialog'
import { OfflineNotice } from '../ui/offline-notice'
import { useExpertFieldWrite } from './experts-data'
import { useT } from '../../../i18n/runtime'

const m = messages.experts
/** The Copied indicator lasts 2 seconds (spec 001 §9). */
export const LINK_COPIED_MS = 2000

export function ManageFieldsDialog({ open, fields, onOpenChange }: { open: boolean; fields: readonly ExpertField[]; onOpenChange: (open: boolean) => void }) {
  const t = useT()
  const isOnline = useIsOnline()
  const write = useExpertFieldWrite()
  const [name, setName] = useState('')
  const trimmed = name.trim()
  const isListed = fields.some((f) => f.name.toLowerCase() === trimmed.toLowerCase())
  // The add button is disabled for a blank or already listed name (spec §5).
  const canAdd = isOnline && trimmed !== '' && !isListed

  const add = async (event: FormEvent) => {
    event.preventDefault()
    if (!canAdd) return
    try {
      await write.mutateAsync({ method: 'POST', url: '/api/admin/expert-fields', body: { name: trimmed } })
      toastSuccess(m.fieldAdded)
      setName('')
    } catch (error) {
      toastError(messageOr(error, m.failedToAddField))
    }
  }
  // Deleting asks first, as every delete in the back office (ConfirmDialog reports the outcome).
  const [deleting, setDeleting] = useState<ExpertField | null>(null)

  return (
    <AdminDialog open={open} onOpenChange={onOpenChange} title={t('admin.experts.manageExpertise')}>
      <DialogBody>
        <Stack gap="4">
          <OfflineNotice isOnline={isOnline} />
          <form onSubmit={(event) => void add(event)}>
            <HStack gap="2" align="flex-start">
              <Input aria-label={t('admin.experts.newExpertise')} placeholder={t('admin.experts.newExpertisePlaceholder')} value={name} onChange={(e) => setName(e.target.value)} />
              <Button type="submit" colorPalette="brand" disabled={!canAdd}>
                {t('admin.experts.addField')}
              </Button>
            </HStack>
            {isListed && trimmed && (
              <Text fontSize="sm" color="fg.muted" mt="1">
                {m.fieldNameTaken}
              </Text>
            )}
          </form>
          <chakra.ul listStyle="none" maxH="20rem" overflowY="auto" m="0" p="0">
            {fields.map((field) => (
              <chakra.li key={field.id} display="flex" alignItems="center" gap="2" py="1" borderBottomWidth="1px">
                <Text flex="1">{field.name}</Text>
                <Button size="xs" variant="ghost" colorPalette="red" aria-label={t('admin.deleteNamed', { name: field.name })} disabled={!isOnline} onClick={() => setDeleting(field)}>
                  {t('admin.delete')}
                </Button>
              </chakra.li>
            ))}
          </chakra.ul>
        </Stack>
      </DialogBody>
      <DialogFooter>
        <Button colorPalette="brand" onClick={() => onOpenChange(false)}>
          {t('admin.done')}
        </Button>
      </DialogFooter>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(isOpen) => !isOpen && setDeleting(null)}
        title={t('admin.experts.deleteFieldTitle')}
        confirmLabel={t('admin.delete')}
        destructive
        onConfirm={() => write.mutateAsync({ method: 'DELETE', url: `/api/admin/expert-fields/${deleting?.id ?? ''}` })}
        successText={m.fieldDeleted}
        failureText={m.failedToDeleteField}
      >
        {t('admin.experts.deleteFieldBody', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </AdminDialog>
  )
}

export function ShareLinkDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT()
  const link = `${window.location.origin}/expert-signup`
  const [isCopied, setCopied] = useState(false)
  useEffect(() => {
    if (!isCopied) return
    const timer = setTimeout(() => setCopied(false), LINK_COPIED_MS)
    return () => clearTimeout(timer)
  }, [isCopied])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      setCopied(true)
      toastSuccess(m.linkCopied)
    } catch {
      toast({ title: m.copyFailedTitle, description: m.copyFailedDescription, variant: 'destructive' })
    }
  }

  return (
    <AdminDialog open={open} onOpenChange={onOpenChange} title={t('admin.experts.shareLink')}>
      <DialogBody>
        <Stack gap="4">
          <Text>{t('admin.experts.shareBody')}</Text>
          <HStack gap="2">
            <Input readOnly aria-label={t('admin.experts.signupLink')} value={link} onFocus={(e) => e.target.select()} />
            <Button variant="outline" onClick={() => void copy()}>
              {isCopied ? t('admin.experts.copied') : t('admin.experts.copy')}
            </Button>
          </HStack>
          <Stack gap="1">
            <Text fontWeight="semibold">{t('admin.experts.howItWorks')}</Text>
            <chakra.ol ps="5" listStyleType="decimal">
              <chakra.li>{t('admin.experts.howStep1')}</chakra.li>
              <chakra.li>{t('admin.experts.howStep2')}</chakra.li>
              <chakra.li>{t('admin.experts.howStep3')}</chakra.li>
            </chakra.ol>
          </Stack>
        </Stack>
      </DialogBody>
      <DialogFooter>
        <Button colorPalette="brand" onClick={() => onOpenChange(false)}>
          {t('admin.done')}
        </Button>
      </DialogFooter>
    </AdminDialog>
  )
}
