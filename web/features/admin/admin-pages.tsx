// Lazy chunk: the whole back office. Every screen renders inside AdminShell (its own Chakra
// recipes, the session guard, the offline state). One screen per spec 001 section 2 path.
import { AuditTrailScreen } from './audit/audit-trail-screen'
import { DashboardScreen } from './dashboard/dashboard-screen'
import type { AdminScreen } from './screens'
import { AdminShell } from './ui/admin-shell'
import { UserManagementScreen } from './users/user-management-screen'
import { ProduceScreen } from './reference/produce-screen'
import { CategoriesScreen } from './reference/categories-screen'
import { LocationsScreen } from './reference/locations-screen'
import { ExpertsScreen } from './experts/experts-screen'
import { ReviewsScreen } from './moderation/reviews-screen'
import { FarmReviewsScreen } from './moderation/farm-reviews-screen'
import { SendEmailScreen } from './email/send-email-screen'
import { AnalyticsScreen } from './analytics/analytics-screen'
import { SignupsScreen } from './signups/signups-screen'
import { DataAgentSignupsScreen } from './signups/da-signups-screen'
import { FarmersScreen } from './farmers/farmers-screen'
import { CostBreakdownScreen } from './farmers/cost-breakdown-screen'
import { ActivePendingScreen, ExpiredSubscriptionsScreen, TrialPeriodScreen } from './farmers/subscription-lists'
import { PaymentsScreen } from './farmers/payments-screen'
import { TranslationsScreen } from './translations/translations-screen'

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
    case 'translations':
      return <TranslationsScreen />
  }
}
