// /admin/signups (spec 001 §2): pending applications with Approve and Reject (a reason required),
// recent decisions with search and filter, each a page at a time from the server (issue 19), and
// the purge panel for global admins. Decisions are final in the interface.
import { Badge, Box, Button, Card, Flex, Heading, HStack, Image, Input, NativeSelect, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import type { FarmerSignupRecord } from '../../../../api/contract/farmer-signup'
import { REJECTION_REASON_MAX_CHARS } from '../../../../api/contract/common'
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
import { useT } from '../../../i18n/runtime'

const m = messages.signups

export function SignupsScreen() {
  const t = useT()
  useDocumentTitle(t('admin.screen.signups'))
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
        {t('admin.screen.signups')}
      </Heading>
      <OfflineNotice isOnline={isOnline} />

      <Box as="section" aria-labelledby="pending-signups">
        <Heading as="h2" size="lg" id="pending-signups" mb="3">
          {t('admin.signups.pendingHeading', { count: pendingTotal.toLocaleString('en-US') })}
        </Heading>
        {signups.isPending ? (
          <Stack gap="2" role="status" aria-busy="true" aria-label={t('admin.signups.loading')}>
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} height="24" />
            ))}
          </Stack>
        ) : signups.isError ? (
          <Text role="alert" color="fg.error">
            {m.failedToFetch}
          </Text>
        ) : pending.length === 0 ? (
          <Text color="fg.muted">{t('admin.signups.noPending')}</Text>
        ) : (
          <Stack as="ul" gap="3" listStyle="none" m="0" p="0">
            {pending.map((signup) => (
              <SignupCard key={signup.id} signup={signup}>
                <Button size="sm" colorPalette="green" disabled={!isOnline} loading={process.isPending && process.variables?.id === signup.id} onClick={() => void approve(signup)} aria-label={t('admin.signups.approveNamed', { name: signup.name })}>
                  {t('admin.reviews.approve')}
                </Button>
                <Button size="sm" colorPalette="red" variant="outline" disabled={!isOnline} onClick={() => setRejecting(signup)} aria-label={t('admin.signups.rejectNamed', { name: signup.name })}>
                  {t('admin.reviews.reject')}
                </Button>
              </SignupCard>
            ))}
          </Stack>
        )}
        {signups.data && (
          <ListPager mt="3" label={t('admin.signups.pendingPages')} noun={t('admin.signups.applications')} page={page} pageSize={PENDING_PAGE_SIZE} shown={pending.length} total={pendingTotal} onPage={setPage} />
        )}
      </Box>

      <RecentDecisions />

      {can(user.role, 'signups.purge') && (
        <PurgePanel
          title={t('admin.signups.purge.title')}
          buttonLabel={t('admin.signups.purge.button')}
          confirmTitle={t('admin.signups.purge.confirmTitle')}
          what={t('admin.signups.purge.what')}
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
  const t = useT()
  return (
    <Card.Root as="li" size="sm">
      <Card.Body gap="2">
        <Flex gap="2" align="center" wrap="wrap">
          <Heading as="h3" size="md">
            {signup.name}
          </Heading>
          <DemoBadge isDemo={signup.isDemo} title={t('admin.signups.demoTitle')} />
          {signup.possibleDuplicate && signup.status === 'pending' && <Badge colorPalette="orange">{m.possibleDuplicate}</Badge>}
          {signup.status !== 'pending' && <Badge colorPalette={signup.status === 'approved' ? 'green' : 'red'}>{signup.status === 'approved' ? t('admin.reviews.tab.approved') : t('admin.reviews.tab.rejected')}</Badge>}
        </Flex>
        <Box display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} columnGap="6" rowGap="1">
          <Detail label={t('admin.signups.phone')} value={signup.phone} />
          <Detail label={t('admin.column.email')} value={signup.email} />
          <Detail label={t('admin.signups.village')} value={signup.town} />
          <Detail label={t('admin.signups.tikina')} value={signup.tikina} />
          <Detail label={t('admin.signups.cities')} value={signup.cities.join(', ')} />
          <Detail label={t('admin.screen.produce')} value={signup.produce.join(', ')} />
          <Detail label={t('admin.signups.subscription')} value={`${formatFijiDate(signup.subscriptionStart)} – ${formatFijiDate(signup.subscriptionEnd)}`} />
          <Detail label={t('admin.signups.mpaisaNumber')} value={signup.mpaisaNumber} />
          <Detail label={t('admin.signups.receiptNumber')} value={signup.mpaisaReceiptNumber} />
          <Detail label={t('admin.signups.paymentDate')} value={formatFijiDate(signup.paymentDate)} />
          <Detail label={t('admin.signups.signedUpBy')} value={signup.dataAgentName ? t('admin.signups.byDataAgent', { name: signup.dataAgentName }) : t('admin.signups.byFarmer')} />
          <Detail label={t('admin.signups.submitted')} value={formatFijiDateTime(signup.createdAt)} />
          <Detail label={t('admin.signups.delivery')} value={signup.deliveryAvailable ? t('admin.signups.available') : null} />
          <Detail label={t('admin.signups.bulk')} value={signup.isBulk ? t('admin.signups.yes') : null} />
          <Detail label={t('admin.experts.comments')} value={signup.comments} />
          <Detail label={t('admin.signups.rejectionReason')} value={signup.rejectionReason} />
          <Detail
            label={t('admin.signups.processed')}
            value={signup.processedAt ? (signup.processedBy ? t('admin.signups.processedBy', { time: formatFijiDateTime(signup.processedAt), by: signup.processedBy }) : formatFijiDateTime(signup.processedAt)) : null}
          />
        </Box>
        {signup.photoUrls.length > 0 && (
          <HStack gap="2">
            {/* Thumbnails in the list; each opens the full photo for a closer look before deciding. */}
            {signup.photoUrls.map((url, i) => (
              <a key={url} href={url} target="_blank" rel="noopener noreferrer">
                <Image src={photoThumbnailPath(url)} alt={t('admin.signups.photoAlt', { n: i + 1, name: signup.name })} boxSize="20" objectFit="cover" rounded="md" loading="lazy" />
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
  const t = useT()
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
        {t('admin.signups.decisionsHeading', { count: total.toLocaleString('en-US') })}
      </Heading>
      <Flex gap="3" wrap="wrap" mb="3">
        <Input
          type="search"
          placeholder={t('admin.signups.searchPlaceholder')}
          aria-label={t('admin.signups.searchDecisions')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value)
            setPage(1)
          }}
          maxW="24rem"
        />
        <NativeSelect.Root maxW="12rem">
          <NativeSelect.Field
            aria-label={t('admin.signups.filterDecisions')}
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as DecisionFilter)
              setPage(1)
            }}
          >
            <option value="all">{t('admin.reviews.tab.all')}</option>
            <option value="approved">{t('admin.reviews.tab.approved')}</option>
            <option value="rejected">{t('admin.reviews.tab.rejected')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>
      {decisions.isPending ? (
        <Skeleton height="24" role="status" aria-busy="true" aria-label={t('admin.signups.loadingDecisions')} />
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
      {decisions.data && (
        <ListPager mt="3" label={t('admin.signups.decisionsPages')} noun={t('admin.signups.decisions')} page={page} pageSize={DECISIONS_PAGE_SIZE} shown={shown.length} total={total} onPage={setPage} />
      )}
    </Box>
  )
}

function RejectDialog({ signup, onClose }: { signup: FarmerSignupRecord | null; onClose: () => void }) {
  const t = useT()
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
    <AdminDialog open={!!signup} onOpenChange={(open) => !open && close()} title={t('admin.signups.rejectTitle', { name: signup?.name ?? t('admin.signups.signup') })} role="alertdialog">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogBody>
          <Stack gap="3">
            <Text>{t('admin.signups.rejectBody')}</Text>
            <FormField label={t('admin.signups.rejectReason')} required error={reason && !reason.trim() ? m.rejectionReasonRequired : undefined}>
              <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={REJECTION_REASON_MAX_CHARS} rows={3} />
            </FormField>
            <OfflineNotice isOnline={isOnline} />
          </Stack>
        </DialogBody>
        <DialogActions label={t('admin.signups.rejectSubmit')} destructive onCancel={close} disabled={!reason.trim() || !isOnline} loading={process.isPending} />
      </form>
    </AdminDialog>
  )
}
