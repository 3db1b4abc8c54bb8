// The farmers list's pages: the staff lists' pager (ui/list-pager.tsx) at the farmers list's page size.
import { ADMIN_FARMERS_PAGE_DEFAULT } from '../../../../api/contract/farmers'
import { ListPager } from '../ui/list-pager'
import { useT } from '../../../i18n/runtime'

export function FarmerPager({ page, shown, total, onPage }: { page: number; shown: number; total: number; onPage: (page: number) => void }) {
  const t = useT()
  return <ListPager label={t('admin.farmers.pages')} noun={t('admin.farmers.noun')} page={page} pageSize={ADMIN_FARMERS_PAGE_DEFAULT} shown={shown} total={total} onPage={onPage} showSinglePage />
}
