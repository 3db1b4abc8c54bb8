// A farmer's own page, /farmers/<id> (issue 21): the farmer's card, with Share. The server sends
// this path with the card and its share preview already in the HTML (api/site-pages/), and the
// farmer as data, which the page starts with: the card the HTML shows is hydrated, not drawn again.
// A page without it (the installed app's shell) shows the card from GET /api/farmers/:id, or from
// the phone's offline copy of the directory. An unknown or unlisted farmer is the not-found screen
// (the server answered 404 too).
import { Box, Link } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useContext, useState, type ReactElement } from 'react'
import { Link as RouterLink, useParams } from 'react-router-dom'
import type { PublicFarmer } from '../../../api/contract'
import { farmerIdOfPath, farmerPagePath } from '../../../api/contract/public-pages'
import { useDocumentTitle } from '../../shared/site'
import { LoadError, Loading } from '../../shared/ui/load-state'
import { FarmerCard } from './farmer-card'
import { FirstFarmerContext, farmerOfHtml } from './first-farmer'
import { directoryQuery } from './offline-copy'
import { texts } from './texts'
import { useT } from '../../i18n/runtime'

const isNotFound = (error: unknown) => error instanceof Error && /^(400|404):/.test(error.message)

/** `notFound`: the app's not-found screen (a feature never imports another; the router passes it). */
export function FarmerPage({ notFound }: { notFound: ReactElement }) {
  const t = useT()
  const id = farmerIdOfPath(farmerPagePath(useParams().id ?? ''))
  const rendered = useContext(FirstFarmerContext)
  // Read once: the page's own farmer (the server's render gives it by context, the browser by the HTML).
  const [first] = useState(() => (rendered?.id === id ? rendered : farmerOfHtml(globalThis.document, id)))
  const farmer = useQuery<PublicFarmer>({
    queryKey: ['/api/farmers', id],
    queryFn: directoryQuery,
    initialData: first?.id === id ? first : undefined,
    enabled: id !== undefined,
    retry: (count, error) => !isNotFound(error) && count < 2,
  })
  useDocumentTitle(farmer.data?.name)
  if (id === undefined || (farmer.isError && isNotFound(farmer.error))) return notFound
  if (farmer.isPending) return <Loading />
  if (farmer.isError) return <LoadError message={t(texts.failedToFetchFarmers)} onRetry={() => void farmer.refetch()} />
  return (
    <Box maxW="xl" mx="auto" display="flex" flexDirection="column" gap="4">
      <FarmerCard farmer={farmer.data} headingLevel="h1" />
      <Link asChild variant="underline" colorPalette="brand" alignSelf="flex-start">
        <RouterLink to="/browse-farmers">{t('directory.farmerPage.browseAll')}</RouterLink>
      </Link>
    </Box>
  )
}
