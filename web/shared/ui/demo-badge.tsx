// The 'Demo' badge of demo farmers (db/seed, isDemo in the public API): every public card and
// dialog that shows a farmer carries it, so sample data is never taken for a real farm.
import { useT } from '../../i18n/runtime'
import { Pill } from './pill'

export function DemoBadge({ isDemo }: { isDemo: boolean | undefined }) {
  const t = useT()
  if (!isDemo) return null
  return (
    <Pill tone="orange" title={t('ui.demoBadge.title')} data-testid="demo-badge">
      {t('ui.demoBadge.label')}
    </Pill>
  )
}
