// /admin/signups (spec 001 §2): pending applications with Approve and Reject (a reason required),
// recent decisions with search and filter, each a page at a time from the server (issue 19), and
// the purge panel for global admins. Decisions are final in the interface.
import { Badge, Box, Button, Card, Flex, Heading, HStack, Image, Input, NativeSelect, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import type { FarmerSignupRecord } from '../../../../api/contract/farmer-signup'
import { photoThumbnailPath } from '../../../../api/contract/display'
import { messages } from '../../../../api/contract/messages'
import { can } from '../../../../api/contract/permissions'
import { useIsOnline } from '../../../shared/session'
import { useDocumentTitle } from '../../../shared/site'
import { messageOr, toastError, toastSuccess } from '../feedback'
import { formatFijiDate, formatFijiDateTime } from '../format'
import { AdminDialog, DialogActions, DialogBody } from '../ui/admin-dialog'
import { useAdminSession } from '../ui/admin-session'
import { BackToDashboard } from '../ui/back-to-dashboard'
import { FormField } from '../ui/form-field'
import { OfflineNotice } from '../ui/offline-notice'
import { PurgePanel } from '../ui/purge-panel'
import { DemoBadge } from '../../../shared/ui/demo-badge'
import { ListPager } from '../ui/list-pager'
import { DECISIONS_PAGE_SIZE, PENDING_PAGE_SIZE, signupsKey, usePendingSignups, useProcessSignup, useRecentDecisions, type DecisionFilter } from './signups'

const m = messages.signups

export function SignupsScreen() {
  useDocumentTitle('Signup Approvals')
  const { user } = useAdminSession()
  const isOnline = useIsOnline()
  const [page, setPage] = useState(1)
  const signups = usePendingSignups(page)
  const process = useProcessSignup()
  const [rejecting, setRejecting] = useState<FarmerSignupRecord | null>(null)
  const pending = signups.data?.rows ?? []
  const pendingTotal = signups.data?.total ?? 0

  const approve = async (signup: FarmerSignupRecord) => {
    try {
      await process.mutateAsync({ id: signup.id, body: { status: 'approved' } })
      toastSuccess(m.approvedWithFarmer)
    } catch (error) {
      toastError(messageOr(error, m.failedToProcess))
    }
  }

  return (
    <Stack gap="6">
      <BackToDashboard />
      <Heading as="h1" size="2xl">
        Signup Approvals
      </Heading>
      <OfflineNotice isOnline={isOnline} />

      <Box as="section" aria-labelledby="pending-signups">
        <Heading as="h2" size="lg" id="pending-signups" mb="3">
          Pending Applications ({pendingTotal.toLocaleString('en-US')})
        </Heading>
        {signups.isPending ? (
          <Stack gap="2" aria-busy="true" aria-label="Loading signups">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} height="24" />
            ))}
          </Stack>
        ) : signups.isError ? (
          <Text role="alert" color="fg.error">
            {m.failedToFetch}
          </Text>
        ) : pending.length === 0 ? (
          <Text color="fg.muted">No pending applications.</Text>
        ) : (
          <Stack as="ul" gap="3" listStyle="none" m="0" p="0">
            {pending.map((signup) => (
              <SignupCard key={signup.id} signup={signup}>
                <Button size="sm" colorPalette="green" disabled={!isOnline} loading={process.isPending && process.variables?.id === signup.id} onClick={() => void approve(signup)} aria-label={`Approve ${signup.name}`}>
                  Approve
                </Button>
                <Button size="sm" colorPalette="red" variant="outline" disabled={!isOnline} onClick={() => setRejecting(signup)} aria-label={`Reject ${signup.name}`}>
                  Reject
                </Button>
              </SignupCard>
            ))}
          </Stack>
        )}
        {pendingTotal > PENDING_PAGE_SIZE && (
          <Box mt="3">
            <ListPager label="Pending applications pages" noun="applications" page={page} pageSize={PENDING_PAGE_SIZE} shown={pending.length} total={pendingTotal} onPage={setPage} />
          </Box>
        )}
      </Box>

      <RecentDecisions />

      {can(user.role, 'signups.purge') && (
        <PurgePanel
          title="Purge Processed Signups"
          buttonLabel="Purge Signups"
          confirmTitle="Purge processed signups?"
          what="Every processed signup (approved or rejected) submitted"
          endpoint="/api/admin/signups/purge"
          queryKey={signupsKey}
          purged={m.purged}
          failed={m.failedToPurge}
        />
      )}

      <RejectDialog signup={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  )
}

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null
  return (
    <Text fontSize="sm">
      <Text as="span" color="fg.muted">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  )
}

function SignupCard({ signup, children }: { signup: FarmerSignupRecord; children?: React.ReactNode }) {
  return (
    <Card.Root as="li" size="sm">
      <Card.Body gap="2">
        <Flex gap="2" align="center" wrap="wrap">
          <Heading as="h3" size="md">
            {signup.name}
          </Heading>
          <DemoBadge isDemo={signup.isDemo} title="Sample application for trying the app, not a real farmer" />
          {signup.possibleDuplicate && signup.status === 'pending' && <Badge colorPalette="orange">{m.possibleDuplicate}</Badge>}
          {signup.status !== 'pending' && <Badge colorPalette={signup.status === 'approved' ? 'green' : 'red'}>{signup.status === 'approved' ? 'Approved' : 'Rejected'}</Badge>}
        </Flex>
        <Box display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} columnGap="6" rowGap="1">
          <Detail label="Phone" value={signup.phone} />
          <Detail label="Email" value={signup.email} />
          <Detail label="Village" value={signup.town} />
          <Detail label="Tikina" value={signup.tikina} />
          <Detail label="Cities" value={signup.cities.join(', ')} />
          <Detail label="Produce" value={signup.produce.join(', ')} />
          <Detail label="Subscription" value={`${formatFijiDate(signup.subscriptionStart)} – ${formatFijiDate(signup.subscriptionEnd)}`} />
          <Detail label="M-PAiSA number" value={signup.mpaisaNumber} />
          <Detail label="Receipt number" value={signup.mpaisaReceiptNumber} />
          <Detail label="Payment date" value={formatFijiDate(signup.paymentDate)} />
          <Detail label="Signed up by" value={signup.dataAgentName ? `${signup.dataAgentName} (Data Agent)` : 'Farmer (public form)'} />
          <Detail label="Submitted" value={formatFijiDateTime(signup.createdAt)} />
          <Detail label="Delivery" value={signup.deliveryAvailable ? 'Available' : null} />
          <Detail label="Bulk" value={signup.isBulk ? 'Yes' : null} />
          <Detail label="Comments" value={signup.comments} />
          <Detail label="Rejection reason" value={signup.rejectionReason} />
          <Detail label="Processed" value={signup.processedAt ? `${formatFijiDateTime(signup.processedAt)}${signup.processedBy ? ` by ${signup.processedBy}` : ''}` : null} />
        </Box>
        {signup.photoUrls.length > 0 && (
          <HStack gap="2">
            {/* Thumbnails in the list; each opens the full photo for a closer look before deciding. */}
            {signup.photoUrls.map((url, i) => (
              <a key={url} href={url} target="_blank" rel="noopener noreferrer">
                <Image src={photoThumbnailPath(url)} alt={`Farm photo ${i + 1} of ${signup.name}`} boxSize="20" objectFit="cover" rounded="md" loading="lazy" />
              </a>
            ))}
          </HStack>
        )}
      </Card.Body>
      {children && (
        <Card.Footer gap="2" flexWrap="wrap">
          {children}
        </Card.Footer>
      )}
    </Card.Root>
  )
}

function RecentDecisions() {
  const [search, setSearch] = useState('')
  const [filter, setFilter] = useState<DecisionFilter>('all')
  const [page, setPage] = useState(1)
  // Searched, filtered and counted by the server; a new search or filter starts at page 1.
  const decisions = useRecentDecisions(search, filter, page)
  const shown = decisions.data?.rows ?? []
  const total = decisions.data?.total ?? 0

  return (
    <Box as="section" aria-labelledby="recent-decisions">
      <Heading as="h2" size="lg" id="recent-decisions" mb="3">
        Recent Decisions ({total.toLocaleString('en-US')})
      </Heading>
      <Flex gap="3" wrap="wrap" mb="3">
        <Input
          type="search"
          placeholder="Search by name, phone or email"
          aria-label="Search decisions"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value)
            setPage(1)
          }}
          maxW="24rem"
        />
        <NativeSelect.Root maxW="12rem">
          <NativeSelect.Field
            aria-label="Filter decisions"
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as DecisionFilter)
              setPage(1)
            }}
          >
            <option value="all">All</option>
            <option value="approved">Approved</option>
            <option value="rejected">Rejected</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>
      {decisions.isPending ? (
        <Skeleton height="24" aria-busy="true" aria-label="Loading decisions" />
      ) : decisions.isError && shown.length === 0 ? (
        <Text role="alert" color="fg.error">
          {m.failedToFetch}
        </Text>
      ) : shown.length === 0 ? (
        <Text color="fg.muted">{m.noMatches}</Text>
      ) : (
        <Stack as="ul" gap="3" listStyle="none" m="0" p="0">
          {shown.map((signup) => (
            <SignupCard key={signup.id} signup={signup} />
          ))}
        </Stack>
      )}
      {total > DECISIONS_PAGE_SIZE && (
        <Box mt="3">
          <ListPager label="Recent decisions pages" noun="decisions" page={page} pageSize={DECISIONS_PAGE_SIZE} shown={shown.length} total={total} onPage={setPage} />
        </Box>
      )}
    </Box>
  )
}

function RejectDialog({ signup, onClose }: { signup: FarmerSignupRecord | null; onClose: () => void }) {
  const isOnline = useIsOnline()
  const process = useProcessSignup()
  const [reason, setReason] = useState('')
  const close = () => {
    setReason('')
    onClose()
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!signup || !reason.trim()) return
    try {
      await process.mutateAsync({ id: signup.id, body: { status: 'rejected', rejectionReason: reason.trim() } })
      toastSuccess(m.rejected)
      close()
    } catch (error) {
      toastError(messageOr(error, m.failedToProcess))
    }
  }
  return (
    <AdminDialog open={!!signup} onOpenChange={(open) => !open && close()} title={`Reject ${signup?.name ?? 'signup'}`} role="alertdialog">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogBody>
          <Stack gap="3">
            <Text>The applicant will not be listed. Please give the reason for rejection.</Text>
            <FormField label="Reason for rejection" required error={reason && !reason.trim() ? m.rejectionReasonRequired : undefined}>
              <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} rows={3} />
            </FormField>
            <OfflineNotice isOnline={isOnline} />
          </Stack>
        </DialogBody>
        <DialogActions label="Reject Signup" destructive onCancel={close} disabled={!reason.trim() || !isOnline} loading={process.isPending} />
      </form>
    </AdminDialog>
  )
}
