// Lazy chunk: the whole back office. Every screen renders inside AdminShell (its own Chakra
// recipes, the session guard, the offline state). Built here: the dashboard, User Management and
// the Audit Trail; the other screens are placeholders naming the issue that builds them.
import { Heading, Stack, Text } from '@chakra-ui/react'
import { useDocumentTitle } from '../../shared/site'
import { AuditTrailScreen } from './audit/audit-trail-screen'
import { DashboardScreen } from './dashboard/dashboard-screen'
import { adminScreenTitles, pendingScreenIssues, type AdminScreen, type BuiltAdminScreen } from './screens'
import { AdminShell } from './ui/admin-shell'
import { BackToDashboard } from './ui/back-to-dashboard'
import { UserManagementScreen } from './users/user-management-screen'
import { SignupsScreen } from './signups/signups-screen'
import { DataAgentSignupsScreen } from './signups/da-signups-screen'
import { FarmersScreen } from './farmers/farmers-screen'
import { CostBreakdownScreen } from './farmers/cost-breakdown-screen'
import { ActivePendingScreen, ExpiredSubscriptionsScreen, TrialPeriodScreen } from './farmers/subscription-lists'
import { PaymentsScreen } from './farmers/payments-screen'

export function AdminDashboardPage() {
  return (
    <AdminShell>
      <DashboardScreen />
    </AdminShell>
  )
}

export function AdminScreenPage({ screen }: { screen: AdminScreen }) {
  return (
    <AdminShell>
      <ScreenFor screen={screen} />
    </AdminShell>
  )
}

function ScreenFor({ screen }: { screen: AdminScreen }) {
  switch (screen) {
    case 'user-management':
      return <UserManagementScreen />
    case 'audit-trail':
      return <AuditTrailScreen />
    case 'signups':
      return <SignupsScreen />
    case 'da-signups':
      return <DataAgentSignupsScreen />
    case 'farmers':
      return <FarmersScreen />
    case 'cost-breakdown':
      return <CostBreakdownScreen />
    case 'active-pending':
      return <ActivePendingScreen />
    case 'expired-subscriptions':
      return <ExpiredSubscriptionsScreen />
    case 'trial-period':
      return <TrialPeriodScreen />
    case 'payments-received':
    case 'payments':
      return <PaymentsScreen />
    default:
      return <PendingScreen screen={screen} />
  }
}

function PendingScreen({ screen }: { screen: Exclude<AdminScreen, BuiltAdminScreen> }) {
  const title = adminScreenTitles[screen]
  useDocumentTitle(title)
  return (
    <Stack gap="4">
      <BackToDashboard />
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Text color="fg.muted">
        This screen is not built yet. It comes with the issue “{pendingScreenIssues[screen]}”.
      </Text>
    </Stack>
  )
}
