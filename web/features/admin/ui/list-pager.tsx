// A staff list's pages (issue 19, decision 018): where this page sits in the whole ('Showing 51–100 of
// 20,000 farmers') and the way to the pages around it. The server answers one page; nothing here
// holds the whole list.
import { Button, Flex, Text } from '@chakra-ui/react'
import { useEffect } from 'react'
import { useT } from '../../../i18n/runtime'

const count = (n: number) => n.toLocaleString('en-US')

export interface ListPagerProps {
  /** The navigation's accessible name, e.g. 'Farmers pages'. */
  label: string
  /** What the list holds, plural: 'farmers', 'signups'. */
  noun: string
  page: number
  pageSize: number
  /** Rows on this page. */
  shown: number
  /** Rows matching the filters, on every page (X-Total-Count). */
  total: number
  onPage: (page: number) => void
  /** Shown when everything fits on one page too ('Showing 1–3 of 3 farmers'); hidden otherwise. */
  showSinglePage?: boolean
  mt?: string
}

/**
 * Mount it whenever the list has loaded, even while one page holds everything: a page emptied by
 * deletes or decisions is taken back to the last page there is only while the pager is mounted.
 */
export function ListPager({ label, noun, page, pageSize, shown, total, onPage, showSinglePage = false, mt }: ListPagerProps) {
  const t = useT()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  // A page emptied by deletes (or filters narrowed elsewhere) falls back to the last page there is.
  useEffect(() => {
    if (page > pages) onPage(pages)
  }, [page, pages, onPage])
  if (pages === 1 && !showSinglePage) return null
  const first = (page - 1) * pageSize + 1
  return (
    <Flex as="nav" aria-label={label} gap="3" align="center" wrap="wrap" mt={mt}>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {shown === 0
          ? t('admin.pager.showingNone', { total: count(total), noun })
          : t('admin.pager.showing', { first: count(first), last: count(first + shown - 1), total: count(total), noun })}
      </Text>
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('admin.pager.previous')}
      </Button>
      <Text fontSize="sm">
        {t('admin.pager.pageOf', { page: count(page), pages: count(pages) })}
      </Text>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('admin.pager.next')}
      </Button>
    </Flex>
  )
}
