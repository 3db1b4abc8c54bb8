// /admin/subject-matter-experts (spec 001 §2): welcome, role badge, Logout (to /login), back to
// admin; Share Signup Link, Manage Expertise, Add Expert; four counters; expert cards with the
// power toggle that publishes a self-registered expert; dialogs for each action.
import { Badge, Box, Button, Card, Flex, Heading, HStack, Image, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { roleLabels } from '../../../../api/contract/common'
import type { Expert, ExpertField } from '../../../../api/contract/experts'
import { photoThumbnailPath } from '../../../../api/contract/display'
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

const m = messages.experts
const DEMO_EXPERT_TITLE = 'Sample expert for trying the app, not a real person'
/** product: load failure of the expert list (the spec names none). */
const FAILED_TO_FETCH = 'Failed to fetch subject matter experts'

export function ExpertsScreen() {
  useDocumentTitle('Subject Matter Experts')
  const { user } = useAdminSession()
  const { signOut } = useSessionActions()
  const navigate = useNavigate()
  const experts = useQuery<Expert[]>({ queryKey: expertsKey })
  const fields = useQuery<ExpertField[]>({ queryKey: expertFieldsKey })
  useLoadErrorToast(experts.error, FAILED_TO_FETCH)
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
            Subject Matter Experts
          </Heading>
          <HStack gap="3" wrap="wrap">
            <Text>Welcome, {user.name}</Text>
            <Badge colorPalette="brand">{roleLabels[user.role]}</Badge>
          </HStack>
        </Box>
        <Button variant="outline" onClick={() => void logout()}>
          Logout
        </Button>
      </Flex>
      <HStack gap="2" wrap="wrap">
        <Button variant="outline" onClick={() => setSharing(true)}>
          Share Signup Link
        </Button>
        <Button variant="outline" onClick={() => setManaging(true)}>
          Manage Expertise
        </Button>
        <Button colorPalette="brand" onClick={() => setEditing('new')}>
          Add Expert
        </Button>
      </HStack>

      <StatGrid
        label="Expert counters"
        isLoading={experts.isPending}
        stats={[
          ['Total Experts', counters.total],
          ['With Companies', counters.withCompanies],
          ['Recent Additions', counters.recentAdditions],
          ['With Comments', counters.withComments],
        ]}
      />

      <ListState
        isPending={experts.isPending}
        isError={experts.isError}
        isEmpty={list.length === 0}
        failedText={FAILED_TO_FETCH}
        label="Loading experts"
        emptyText={
          <Stack align="center" gap="3" py="8">
            <Text fontSize="lg">No experts yet</Text>
            <Button colorPalette="brand" onClick={() => setEditing('new')}>
              Add Your First Expert
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
        title="Delete Expert"
        confirmLabel="Delete"
        destructive
        onConfirm={() => write.mutateAsync({ method: 'DELETE', url: `/api/admin/subject-matter-experts/${deleting!.id}` })}
        successText={m.deleted}
        failureText={m.failedToDelete}
      >
        {`Delete ${deleting?.name ?? 'this expert'}? This action cannot be undone.`}
      </ConfirmDialog>
    </Stack>
  )
}

function ExpertCard({ expert, onEdit, onDelete, write }: { expert: Expert; onEdit: () => void; onDelete: () => void; write: ReturnType<typeof useExpertWrite> }) {
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
            <Image src={photoThumbnailPath(expert.photoUrl)} alt={`Photo of ${expert.name}`} boxSize="16" objectFit="cover" rounded="full" flexShrink={0} />
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
              <Badge colorPalette={expert.isActive ? 'green' : 'gray'}>{expert.isActive ? 'Active' : 'Inactive'}</Badge>
              {wasUpdated(expert) && <Badge colorPalette="blue">Updated</Badge>}
              <DemoBadge isDemo={expert.isDemo} title={DEMO_EXPERT_TITLE} />
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
          <Link href={`tel:${expert.contactNumber}`}>{expert.contactNumber}</Link>
          <Link href={`mailto:${expert.email}`} wordBreak="break-all">
            {expert.email}
          </Link>
          {expert.comments && <Text lineClamp={3}>{expert.comments}</Text>}
          <Text color="fg.muted">Added {formatFijiDate(expert.createdAt)}</Text>
        </Stack>
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap">
        <Button
          size="sm"
          variant={expert.isActive ? 'solid' : 'outline'}
          colorPalette={expert.isActive ? 'green' : 'gray'}
          role="switch"
          aria-checked={expert.isActive}
          aria-label={`${expert.name} active`}
          disabled={!isOnline}
          loading={isToggling}
          onClick={() => void toggle()}
        >
          <PowerIcon /> {expert.isActive ? 'On' : 'Off'}
        </Button>
        <Button size="sm" variant="outline" aria-label={`Edit ${expert.name}`} onClick={onEdit}>
          Edit
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" aria-label={`Delete ${expert.name}`} onClick={onDelete}>
          Delete
        </Button>
      </Card.Footer>
    </Card.Root>
  )
}
