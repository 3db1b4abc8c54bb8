// The 'Demo' badge of demo data (db/seed, isDemo in the API): every public card and dialog that
// shows a demo farmer, review or expert carries it, and so do the back office's lists, so sample
// data is never taken for real.
import { useT } from '../../i18n/runtime'
import { Pill } from './pill'

/** `title` names what kind of sample this is (a review, staff's revenue); a farmer's by default. */
export function DemoBadge({ isDemo, title }: { isDemo: boolean | undefined; title?: string }) {
  const t = useT()
  if (!isDemo) return null
  return (
    <Pill tone="orange" title={title ?? t('ui.demoBadge.title')} data-testid="demo-badge">
      {t('ui.demoBadge.label')}
    </Pill>
  )
}
