// /admin/subject-matter-experts (spec 001 §2): welcome, role badge, Logout (to /login), back to
// admin; Share Signup Link, Manage Expertise, Add Expert; four counters; expert cards with the
// power toggle that publishes a self-registered expert; dialogs for each action.
import { Badge, Box, Button, Card, Flex, Heading, HStack, Image, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { roleLabels } from '../../../../api/contract/common'
import type { Expert, ExpertField } from '../../../../api/contract/experts'
import { photoThumbnailPath, telHref } from '../../../../api/contract/display'
import { messages } from '../../../../api/contract/messages'
import { useIsOnline, useSessionActions } from '../../../shared/session'
import { useDocumentTitle } from '../../../shared/site'
import { messageOr, toastError, toastSuccess, useLoadErrorToast } from '../feedback'
import { formatFijiDate } from '../format'
import { useAdminSession } from '../ui/admin-session'
import { BackToDashboard } from '../ui/back-to-dashboard'
import { ConfirmDialog } from '../ui/confirm-dialog'
import { ListState } from '../ui/list-state'
import { StatGrid } from '../ui/stat-grid'
import { ExpertDialog } from './expert-dialog'
import { expertCounters, expertFieldsKey, expertsKey, useExpertWrite, wasUpdated } from './experts-data'
import { ManageFieldsDialog, ShareLinkDialog } from './field-and-link-dialogs'
import { PowerIcon } from '../ui/power-icon'
import { DemoBadge } from '../../../shared/ui/demo-badge'
import { useT } from '../../../i18n/runtime'

const m = messages.experts
const DEMO_EXPERT_TITLE = 'admin.experts.demoTitle'
/** product: load failure of the expert list (the spec names none). */
const FAILED_TO_FETCH = 'admin.experts.failedToFetch'

export function ExpertsScreen() {
  const t = useT()
  useDocumentTitle(t('admin.screen.subjectMatterExperts'))
  const { user } = useAdminSession()
  const { signOut } = useSessionActions()
  const navigate = useNavigate()
  const experts = useQuery<Expert[]>({ queryKey: expertsKey })
  const fields = useQuery<ExpertField[]>({ queryKey: expertFieldsKey })
  useLoadErrorToast(experts.error, t(FAILED_TO_FETCH))
  const [editing, setEditing] = useState<Expert | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Expert | null>(null)
  const [isManaging, setManaging] = useState(false)
  const [isSharing, setSharing] = useState(false)
  const write = useExpertWrite()
  const list = experts.data ?? []
  const counters = expertCounters(list)

  const logout = async () => {
    await signOut()
    void navigate('/login', { replace: true })
  }

  return (
    <Stack gap="6">
      <BackToDashboard />
      <Flex gap="4" wrap="wrap" align="flex-start" justify="space-between">
        <Box>
          <Heading as="h1" size="2xl" mb="2">
            {t('admin.screen.subjectMatterExperts')}
          </Heading>
          <HStack gap="3" wrap="wrap">
            <Text>{t('admin.dashboard.welcome', { name: user.name })}</Text>
            <Badge colorPalette="brand">{roleLabels[user.role]}</Badge>
          </HStack>
        </Box>
        <Button variant="outline" onClick={() => void logout()}>
          {t('admin.dashboard.logout')}
        </Button>
      </Flex>
      <HStack gap="2" wrap="wrap">
        <Button variant="outline" onClick={() => setSharing(true)}>
          {t('admin.experts.shareLink')}
        </Button>
        <Button variant="outline" onClick={() => setManaging(true)}>
          {t('admin.experts.manageExpertise')}
        </Button>
        <Button colorPalette="brand" onClick={() => setEditing('new')}>
          {t('admin.experts.add')}
        </Button>
      </HStack>

      <StatGrid
        label={t('admin.experts.counters')}
        isLoading={experts.isPending}
        stats={[
          [t('admin.experts.total'), counters.total],
          [t('admin.experts.withCompanies'), counters.withCompanies],
          [t('admin.experts.recentAdditions'), counters.recentAdditions],
          [t('admin.experts.withComments'), counters.withComments],
        ]}
      />

      <ListState
        isPending={experts.isPending}
        isError={experts.isError}
        isEmpty={list.length === 0}
        failedText={t(FAILED_TO_FETCH)}
        label={t('admin.experts.loading')}
        emptyText={
          <Stack align="center" gap="3" py="8">
            <Text fontSize="lg">{t('admin.experts.empty')}</Text>
            <Button colorPalette="brand" onClick={() => setEditing('new')}>
              {t('admin.experts.addFirst')}
            </Button>
          </Stack>
        }
      >
        <SimpleGrid as="ul" columns={{ base: 1, md: 2, xl: 3 }} gap="4" listStyle="none" m="0" p="0">
          {list.map((expert) => (
            <ExpertCard key={expert.id} expert={expert} onEdit={() => setEditing(expert)} onDelete={() => setDeleting(expert)} write={write} />
          ))}
        </SimpleGrid>
      </ListState>

      <ExpertDialog open={editing !== null} expert={editing === 'new' ? null : editing} fields={fields.data ?? []} onOpenChange={(open) => !open && setEditing(null)} />
      <ManageFieldsDialog open={isManaging} fields={fields.data ?? []} onOpenChange={setManaging} />
      <ShareLinkDialog open={isSharing} onOpenChange={setSharing} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('admin.experts.deleteTitle')}
        confirmLabel={t('admin.delete')}
        destructive
        onConfirm={() => write.mutateAsync({ method: 'DELETE', url: `/api/admin/subject-matter-experts/${deleting!.id}` })}
        successText={m.deleted}
        failureText={m.failedToDelete}
      >
        {t('admin.experts.deleteBody', { name: deleting?.name ?? t('admin.experts.thisExpert') })}
      </ConfirmDialog>
    </Stack>
  )
}

function ExpertCard({ expert, onEdit, onDelete, write }: { expert: Expert; onEdit: () => void; onDelete: () => void; write: ReturnType<typeof useExpertWrite> }) {
  const t = useT()
  const isOnline = useIsOnline()
  const [isToggling, setToggling] = useState(false)
  const toggle = async () => {
    setToggling(true)
    try {
      await write.mutateAsync({ method: 'PATCH', url: `/api/admin/subject-matter-experts/${expert.id}/toggle-status` })
      toastSuccess(m.statusUpdated)
    } catch (error) {
      toastError(messageOr(error, m.failedToUpdateStatus))
    } finally {
      setToggling(false)
    }
  }
  return (
    <Card.Root as="li" size="sm">
      <Card.Body gap="3">
        <HStack gap="3" align="flex-start">
          {expert.photoUrl ? (
            <Image src={photoThumbnailPath(expert.photoUrl)} alt={t('admin.experts.photoOf', { name: expert.name })} boxSize="16" objectFit="cover" rounded="full" flexShrink={0} />
          ) : (
            <Flex boxSize="16" rounded="full" bg="bg.muted" align="center" justify="center" flexShrink={0} aria-hidden="true" fontSize="xl" fontWeight="bold" color="fg.muted">
              {expert.name.slice(0, 1).toUpperCase()}
            </Flex>
          )}
          <Stack gap="1" flex="1" minW="0">
            <Heading as="h2" size="md" overflowWrap="anywhere">
              {expert.name}
            </Heading>
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette={expert.isActive ? 'green' : 'gray'}>{expert.isActive ? t('admin.status.active') : t('admin.status.inactive')}</Badge>
              {wasUpdated(expert) && <Badge colorPalette="blue">{t('admin.experts.updated')}</Badge>}
              <DemoBadge isDemo={expert.isDemo} title={t(DEMO_EXPERT_TITLE)} />
            </HStack>
            {expert.company && <Text fontSize="sm">{expert.company}</Text>}
            {expert.expertField && (
              <Text fontSize="sm" color="fg.muted">
                {expert.expertField}
              </Text>
            )}
          </Stack>
        </HStack>
        <Stack gap="1" fontSize="sm">
          <Link href={telHref(expert.contactNumber)}>{expert.contactNumber}</Link>
          <Link href={`mailto:${expert.email}`} wordBreak="break-all">
            {expert.email}
          </Link>
          {expert.comments && <Text lineClamp={3}>{expert.comments}</Text>}
          <Text color="fg.muted">{t('admin.experts.addedOn', { date: formatFijiDate(expert.createdAt) })}</Text>
        </Stack>
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap">
        <Button
          size="sm"
          variant={expert.isActive ? 'solid' : 'outline'}
          colorPalette={expert.isActive ? 'green' : 'gray'}
          role="switch"
          aria-checked={expert.isActive}
          aria-label={t('admin.locations.activeNamed', { name: expert.name })}
          disabled={!isOnline}
          loading={isToggling}
          onClick={() => void toggle()}
        >
          <PowerIcon /> {expert.isActive ? t('admin.experts.on') : t('admin.experts.off')}
        </Button>
        <Button size="sm" variant="outline" aria-label={t('admin.editNamed', { name: expert.name })} onClick={onEdit}>
          {t('admin.edit')}
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" aria-label={t('admin.deleteNamed', { name: expert.name })} onClick={onDelete}>
          {t('admin.delete')}
        </Button>
      </Card.Footer>
    </Card.Root>
  )
}
