// /admin (spec 001 §2): welcome line, role badge, Logout; stat cards by capability; the data
// agent's field card; the global admin's admin user section; navigation by role; and the
// change-password dialog, mandatory while the user's mustChangePassword is set.
import { Badge, Box, Button, Card, Flex, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router-dom'
import { roleLabels } from '../../../../api/contract/common'
import { messages } from '../../../../api/contract/messages'
import { adminNavFor, can } from '../../../../api/contract/permissions'
import type { AdminStats } from '../../../../api/contract/stats'
import { useSessionActions } from '../../../shared/session'
import { useDocumentTitle } from '../../../shared/site'
import { useLoadErrorToast } from '../feedback'
import { useAdminSession } from '../ui/admin-session'
import { AdminUsersSection } from './admin-users-section'
import { ChangePasswordDialog } from './change-password-dialog'
import { showsFieldCard, statCardsFor, type StatCard } from './stat-cards'
import { ButtonLink } from '../../../shared/ui/button-link'
import { DemoBadge } from '../../../shared/ui/demo-badge'
import { useT } from '../../../i18n/runtime'

export function DashboardScreen() {
  const t = useT()
  useDocumentTitle(t('admin.dashboard.title'))
  const { user } = useAdminSession()
  const { signOut } = useSessionActions()
  const navigate = useNavigate()
  const [changingPassword, setChangingPassword] = useState(false)
  // While the password must change, nothing else loads: the page reloads after the change.
  const isBlocked = user.mustChangePassword

  const stats = useQuery<AdminStats>({
    queryKey: ['/api/admin/stats'],
    // Never cached (spec 001 §7): every visit asks again.
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    enabled: !isBlocked,
  })
  useLoadErrorToast(stats.error, messages.stats.failedToFetch)

  const logout = async () => {
    await signOut()
    void navigate('/', { replace: true })
  }

  return (
    <Stack gap="8">
      <Flex gap="4" wrap="wrap" align="flex-start" justify="space-between">
        <Box>
          <Heading as="h1" size="2xl" mb="2">
            {t('admin.dashboard.title')}
          </Heading>
          <HStack gap="3" wrap="wrap">
            <Text fontSize="lg">{t('admin.dashboard.welcome', { name: user.name })}</Text>
            <Badge colorPalette="brand" size="lg">
              {roleLabels[user.role]}
            </Badge>
          </HStack>
        </Box>
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" onClick={() => setChangingPassword(true)}>
            {t('admin.dashboard.changePassword')}
          </Button>
          <Button variant="outline" onClick={() => void logout()}>
            {t('admin.dashboard.logout')}
          </Button>
        </HStack>
      </Flex>

      <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: statCardsFor(user.role).length > 4 ? 5 : 4 }} gap="4" listStyle="none" m="0" p="0">
        {statCardsFor(user.role).map((card) => (
          <Box as="li" key={card.label}>
            <StatCardView card={card} stats={stats.data} loading={!isBlocked && stats.isPending} />
          </Box>
        ))}
      </SimpleGrid>

      {showsFieldCard(user.role) && (
        <Card.Root as="section" aria-labelledby="field-card" variant="subtle">
          <Card.Body gap="3">
            <Heading as="h2" size="lg" id="field-card">
              {t('admin.dashboard.fieldCard.heading')}
            </Heading>
            <Text>{t('admin.dashboard.fieldCard.body')}</Text>
            <ButtonLink colorPalette="brand" alignSelf="flex-start">
              <RouterLink to="/farmer-signup">{t('admin.dashboard.fieldCard.signUp')}</RouterLink>
            </ButtonLink>
          </Card.Body>
        </Card.Root>
      )}

      {can(user.role, 'dashboard.adminSection') && <AdminUsersSection enabled={!isBlocked} />}

      <Box as="nav" aria-labelledby="admin-nav">
        <Heading as="h2" size="lg" id="admin-nav" mb="3">
          {t('admin.dashboard.nav')}
        </Heading>
        <Flex as="ul" gap="2" wrap="wrap" listStyle="none" m="0" p="0">
          {adminNavFor(user.role).map((screen) => (
            <li key={screen.path}>
              <ButtonLink variant="outline">
                <RouterLink to={screen.path}>{screen.label}</RouterLink>
              </ButtonLink>
            </li>
          ))}
        </Flex>
      </Box>

      <ChangePasswordDialog
        open={isBlocked || changingPassword}
        mandatory={isBlocked}
        onOpenChange={(open) => setChangingPassword(open)}
      />
    </Stack>
  )
}

function StatCardView({ card, stats, loading }: { card: StatCard; stats: AdminStats | undefined; loading: boolean }) {
  const t = useT()
  const demoNote = stats && card.demoNote?.(stats)
  const body = (
    <Card.Body gap="1">
      <Text color="fg.muted" fontSize="sm" fontWeight="medium">
        {card.label}
      </Text>
      {loading ? (
        <Skeleton height="8" width="20" />
      ) : (
        <Text fontSize="2xl" fontWeight="bold">
          {stats ? card.value(stats) : '—'}
        </Text>
      )}
      {demoNote ? (
        <HStack gap="2" wrap="wrap" fontSize="sm" data-testid="demo-revenue">
          <DemoBadge isDemo title={t('admin.dashboard.demoRevenueTitle')} />
          <Text color="fg.muted">{demoNote}</Text>
        </HStack>
      ) : null}
    </Card.Body>
  )
  if (!card.to) return <Card.Root h="full">{body}</Card.Root>
  return (
    <Card.Root asChild h="full" _hover={{ borderColor: 'brand.600' }}>
      <RouterLink to={card.to}>{body}</RouterLink>
    </Card.Root>
  )
}
