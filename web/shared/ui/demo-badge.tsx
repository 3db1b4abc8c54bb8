// The 'Demo' badge of demo data (db/seed, isDemo in the API): every public card and dialog that
// shows a demo farmer, review or expert carries it, and so do the back office's lists, so sample
// data is never taken for real.
import { Pill } from './pill'

export const DEMO_BADGE_TITLE = 'Sample listing for trying the app, not a real farmer'

export function DemoBadge({ isDemo, title = DEMO_BADGE_TITLE }: { isDemo: boolean | undefined; title?: string }) {
  if (!isDemo) return null
  return (
    <Pill tone="orange" title={title} data-testid="demo-badge">
      Demo
    </Pill>
  )
}
