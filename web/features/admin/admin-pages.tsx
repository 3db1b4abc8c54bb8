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
import { ProduceScreen } from './reference/produce-screen'
import { CategoriesScreen } from './reference/categories-screen'
import { LocationsScreen } from './reference/locations-screen'
import { ExpertsScreen } from './experts/experts-screen'
import { ReviewsScreen } from './moderation/reviews-screen'
import { FarmReviewsScreen } from './moderation/farm-reviews-screen'
import { SendEmailScreen } from './email/send-email-screen'
import { AnalyticsScreen } from './analytics/analytics-screen'

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
    case 'produce':
      return <ProduceScreen />
    case 'categories':
      return <CategoriesScreen />
    case 'locations':
      return <LocationsScreen />
    case 'subject-matter-experts':
      return <ExpertsScreen />
    case 'reviews':
      return <ReviewsScreen />
    case 'farm-reviews':
      return <FarmReviewsScreen />
    case 'email':
      return <SendEmailScreen />
    case 'analytics':
      return <AnalyticsScreen />
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
