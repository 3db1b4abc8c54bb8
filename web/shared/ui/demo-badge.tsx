// The 'Demo' badge of demo farmers (db/seed, isDemo in the public API): every public card and
// dialog that shows a farmer carries it, so sample data is never taken for a real farm.
import { Pill } from './pill'

export const DEMO_BADGE_TITLE = 'Sample listing for trying the app, not a real farmer'

export function DemoBadge({ isDemo }: { isDemo: boolean | undefined }) {
  if (!isDemo) return null
  return (
    <Pill tone="orange" title={DEMO_BADGE_TITLE} data-testid="demo-badge">
      Demo
    </Pill>
  )
}
