// Lazy chunk: the whole back office. The session guard (no session → /login, role → /admin)
// lands with the auth issue.
import { ScreenPlaceholder } from '../../shared/ui/screen-placeholder'
import { adminScreenTitles, type AdminScreen } from './screens'

export function AdminDashboardPage() {
  return <ScreenPlaceholder title="Admin Dashboard" />
}

export function AdminScreenPage({ screen }: { screen: AdminScreen }) {
  return <ScreenPlaceholder title={adminScreenTitles[screen]} />
}
