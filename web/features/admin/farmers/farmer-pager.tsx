// The farmers list's pages: where this page sits in the whole ('Showing 51–100 of 20,000 farmers') and
// the way to the pages around it. The server answers one page; nothing here holds the whole list.
import { Button, Flex, Text } from '@chakra-ui/react'
import { useEffect } from 'react'
import { ADMIN_FARMERS_PAGE_DEFAULT } from '../../../../api/contract/farmers'

const count = (n: number) => n.toLocaleString('en-US')

export function FarmerPager({ page, shown, total, onPage }: { page: number; shown: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / ADMIN_FARMERS_PAGE_DEFAULT))
  // A page emptied by deletes (or filters narrowed elsewhere) falls back to the last page there is.
  useEffect(() => {
    if (page > pages) onPage(pages)
  }, [page, pages, onPage])
  const first = (page - 1) * ADMIN_FARMERS_PAGE_DEFAULT + 1
  return (
    <Flex as="nav" aria-label="Farmers pages" gap="3" align="center" wrap="wrap">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {shown === 0 ? `Showing 0 of ${count(total)} farmers` : `Showing ${count(first)}–${count(first + shown - 1)} of ${count(total)} farmers`}
      </Text>
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <Text fontSize="sm">
        Page {count(page)} of {count(pages)}
      </Text>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next page
      </Button>
    </Flex>
  )
}
