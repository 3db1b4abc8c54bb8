// Farm reviews (/reviews/farms, optional ?farm_id=): the listed farms by name, a page at a time
// ("Show more"), with their rating, review count, town, first 2 cities and first 3 produce
// (+N more), a 'Leave a Review' dialog each, and a city filter with the directory's counts. A farm's name opens its detail view (town, cities, produce, its
// reviews, 'Leave a Review'). With farm_id only that farm, with 'Back to All Farms'.
import { Box, Button, Flex, Heading, Link, Text, chakra } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Suspense, lazy, useEffect, useState } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router-dom'
import type { FarmReviewPage, FarmerLocation, FarmWithRatings, FarmsWithRatingsPage } from '../../../api/contract'
import { messages } from '../../../api/contract/messages'
import { FARMER_LOCATIONS_URL, FARMS_PER_PAGE, FARMS_WITH_RATINGS_URL, isFarmerIdShaped } from '../../../api/contract/public-pages'
import { useDocumentTitle } from '../../shared/site'
import { CardArticle } from '../../shared/ui/card-article'
import { DemoBadge } from '../../shared/ui/demo-badge'
import { NativeDialog } from '../../shared/ui/native-dialog'
import { Stars } from '../../shared/ui/star-rating'
import { ShowMore, usePages } from './review-pages'
import { farmReviewsKey, firstWithMore, formatAverage, formatFijiDateTime, ratingText, reviewCountLabel } from './format'
import { useT } from '../../i18n/runtime'
import { useTranslateMessage } from '../../i18n/messages'
import { LoadError, Loading } from '../../shared/ui/load-state'

// The review dialog brings zod and the outbox: its own chunk, fetched once the list is shown.
const loadFarmReviewDialog = () => import('./farm-review-dialog')
const FarmReviewDialog = lazy(async () => ({ default: (await loadFarmReviewDialog()).FarmReviewDialog }))

type Farm = FarmWithRatings['farmer']

/** Farms per page: whole rows of the three-column grid. */
const REVIEWS_PER_PAGE = 20

function RatingLine({ farm }: { farm: FarmWithRatings }) {
  const t = useT()
  if (farm.reviewCount === 0) return <Text color="fg.muted">{t('reviews.farms.noReviews')}</Text>
  return (
    <Flex align="center" gap="2" wrap="wrap" data-testid="farm-rating">
      <Stars value={farm.averageRating} size="sm" />
      <Text fontWeight="semibold" data-testid="farm-average">
        {formatAverage(farm.averageRating)}
      </Text>
      <Text>{ratingText(farm.averageRating)}</Text>
      <Text color="fg.muted" data-testid="farm-review-count">
        ({reviewCountLabel(farm.reviewCount)})
      </Text>
    </Flex>
  )
}

function Line({ label, value }: { label: string; value: string }) {
  if (!value) return null
  return (
    <Text fontSize="sm">
      <chakra.span fontWeight="semibold">{label}: </chakra.span>
      {value}
    </Text>
  )
}

function FarmCard({ farm, onOpen, onReview }: { farm: FarmWithRatings; onOpen: () => void; onReview: () => void }) {
  const t = useT()
  const { farmer } = farm
  return (
    <CardArticle aria-label={farmer.name} h="full" data-testid="farm-card">
      <Heading as="h3" size="md">
        <chakra.button
          type="button"
          onClick={onOpen}
          color="brand.800"
          textDecoration="underline"
          textUnderlineOffset="3px"
          textAlign="start"
          overflowWrap="anywhere"
          cursor="pointer"
          bg="transparent"
          _hover={{ color: 'brand.900' }}
          aria-haspopup="dialog"
        >
          {farmer.name}
        </chakra.button>
      </Heading>
      {farmer.isDemo ? (
        <Box>
          <DemoBadge isDemo />
        </Box>
      ) : null}
      <RatingLine farm={farm} />
      <Box>
        <Line label={t('reviews.farms.town')} value={farmer.town ?? ''} />
        <Line label={t('reviews.farms.cities')} value={firstWithMore(farmer.cities, 2)} />
        <Line label={t('reviews.farms.produce')} value={firstWithMore(farmer.produce, 3)} />
      </Box>
      <Box mt="auto" pt="1">
        <Button size="sm" colorPalette="brand" variant="outline" onClick={onReview} aria-haspopup="dialog" aria-label={t('reviews.farms.leaveReviewFor', { name: farmer.name })}>
          {t('reviews.leaveReview')}
        </Button>
      </Box>
    </CardArticle>
  )
}

function FarmDetailDialog({ farm, onClose, onReview }: { farm: FarmWithRatings; onClose: () => void; onReview: () => void }) {
  const t = useT()
  const { farmer } = farm
  // Newest first, as the server pages them.
  const reviews = usePages(farmReviewsKey(farmer.id)[0], REVIEWS_PER_PAGE, (a: FarmReviewPage) => ({ items: a.reviews, count: a.reviewCount }), (r) => r.id)
  const list = reviews.items
  return (
    <NativeDialog
      title={farmer.name}
      subtitle={
        farm.reviewCount > 0
          ? t('reviews.farms.detailSubtitle', { average: formatAverage(farm.averageRating), label: ratingText(farm.averageRating), count: farm.reviewCount })
          : t('reviews.farms.noReviews')
      }
      onClose={onClose}
    >
      <Box display="flex" flexDirection="column" gap="1">
        {farmer.isDemo ? (
          <Box>
            <DemoBadge isDemo />
          </Box>
        ) : null}
        <Line label={t('reviews.farms.town')} value={farmer.town ?? ''} />
        <Line label={t('reviews.farms.cities')} value={farmer.cities.join(', ')} />
        <Line label={t('reviews.farms.produce')} value={farmer.produce.join(', ')} />
      </Box>
      <Box mt="4">
        <Button colorPalette="brand" onClick={onReview} aria-haspopup="dialog">
          {t('reviews.leaveReview')}
        </Button>
      </Box>
      <Heading as="h3" size="md" mt="6" mb="3">
        {t('reviews.farms.reviewsHeading')}
      </Heading>
      {reviews.isPending ? (
        <Loading py="6" />
      ) : reviews.isError && list.length === 0 ? (
        <LoadError py="6" message={t('reviews.loadFailed')} onRetry={reviews.retry} />
      ) : list.length === 0 ? (
        <Text color="fg.muted">{t('reviews.farms.noReviewsForFarm')}</Text>
      ) : (
        <chakra.ul listStyle="none" p="0" m="0" display="flex" flexDirection="column" gap="3">
          {list.map((review) => (
            <chakra.li key={review.id} borderWidth="1px" borderColor="gray.200" borderRadius="lg" p="3" data-testid="farm-review">
              <Flex align="center" gap="2" wrap="wrap">
                <Stars value={review.rating} size="sm" />
                <Text fontWeight="medium">
                  {t('reviews.form.ratingHint', { rating: review.rating, label: ratingText(review.rating) })}
                </Text>
                <DemoBadge isDemo={review.isDemo} title={t('reviews.demoBadgeTitle')} />
              </Flex>
              <Text fontSize="sm" color="fg.muted">
                <time dateTime={review.createdAt}>{formatFijiDateTime(review.createdAt)}</time>
              </Text>
              <chakra.blockquote mt="2" ps="3" borderStartWidth="3px" borderColor="brand.600" fontStyle="italic" overflowWrap="anywhere" whiteSpace="pre-line">
                “{review.comment}”
              </chakra.blockquote>
            </chakra.li>
          ))}
        </chakra.ul>
      )}
      {list.length > 0 ? <ShowMore pages={reviews} label={(count) => t('reviews.showMoreReviews', { count })} errorMessage={t('reviews.loadFailed')} /> : null}
    </NativeDialog>
  )
}

function CityFilter({ city, onCity }: { city: string | null; onCity: (city: string | null) => void }) {
  const t = useT()
  // The directory's cities with their listed-farmer counts: the same listed farms this page shows.
  // Its query function is the directory's (web/app/app.tsx), so offline the phone's copy answers.
  const locations = useQuery<FarmerLocation[]>({ queryKey: [FARMER_LOCATIONS_URL] })
  const counts = (locations.data ?? []).map((l) => ({ city: l.city, count: l.farmerCount }))
  if (counts.length === 0) return null
  return (
    <Box as="section" aria-labelledby="farm-city-filter" mt="6">
      <Flex align="center" gap="3" mb="2" wrap="wrap">
        <Heading as="h2" id="farm-city-filter" size="lg">
          {t('reviews.farms.filterByCity')}
        </Heading>
        {city ? (
          <Button size="sm" variant="outline" onClick={() => onCity(null)}>
            {t('reviews.farms.clearFilter')}
          </Button>
        ) : null}
      </Flex>
      <chakra.ul listStyle="none" p="0" m="0" display="flex" flexWrap="wrap" gap="2">
        {counts.map(({ city: name, count }) => (
          <li key={name}>
            <chakra.button
              type="button"
              aria-pressed={city === name}
              onClick={() => onCity(city === name ? null : name)}
              px="3"
              minH="9"
              borderRadius="full"
              borderWidth="1px"
              borderColor="gray.300"
              bg="white"
              fontSize="sm"
              cursor="pointer"
              _hover={{ bg: 'brand.50', borderColor: 'brand.600' }}
              _pressed={{ bg: 'brand.800', color: 'white', borderColor: 'brand.800' }}
            >
              {name} ({count})
            </chakra.button>
          </li>
        ))}
      </chakra.ul>
    </Box>
  )
}

export function FarmReviewsPage() {
  const t = useT()
  const translate = useTranslateMessage()
  useDocumentTitle(t('reviews.farmReviews'))
  const [params] = useSearchParams()
  const farmId = params.get('farm_id')
  // A farm_id no farm can have (a link cut short in a chat) is a farm not found, not a load error
  // that no retry can mend; the first page of all farms loads meanwhile, for "Back to All Farms".
  const noSuchFarm = farmId !== null && !isFarmerIdShaped(farmId)
  const [city, setCity] = useState<string | null>(null)
  const [detailId, setDetailId] = useState<string | null>(null)
  const [reviewFarm, setReviewFarm] = useState<Farm | null>(null)

  const farmsUrl = farmId && !noSuchFarm
    ? `${FARMS_WITH_RATINGS_URL}?farmId=${encodeURIComponent(farmId)}`
    : city
      ? `${FARMS_WITH_RATINGS_URL}?city=${encodeURIComponent(city)}`
      : FARMS_WITH_RATINGS_URL
  const farms = usePages(farmsUrl, FARMS_PER_PAGE, (a: FarmsWithRatingsPage) => ({ items: a.farms, count: a.farmCount }), (f) => f.farmer.id)
  const shown = farms.items
  const single = farmId ? shown[0] : undefined
  // The detail view follows the list, so a new review's average shows there too.
  const detail = detailId ? shown.find((f) => f.farmer.id === detailId) : undefined
  const listShown = shown.length > 0
  useEffect(() => {
    if (listShown) void loadFarmReviewDialog().catch(() => undefined)
  }, [listShown])

  const notFound = (
    <Box mt="6" borderWidth="1px" borderColor="gray.200" borderRadius="xl" p="6" textAlign="center" data-testid="empty-state">
      <Text fontWeight="semibold">{translate(messages.browse.farmNotFound)}</Text>
      <Link asChild mt="3" variant="underline" colorPalette="brand" fontWeight="medium">
        <RouterLink to="/reviews/farms">{t('reviews.farms.backToAll')}</RouterLink>
      </Link>
    </Box>
  )
  let body
  if (noSuchFarm) body = notFound
  else if (farms.isPending) body = <Loading py="6" />
  else if (farms.isError && shown.length === 0) body = <LoadError py="6" message={t('reviews.farms.loadFailed')} onRetry={farms.retry} />
  else if (farmId && !single) body = notFound
  else
    body = (
      <>
        {farmId ? (
          <Box mt="4">
            <Link asChild variant="underline" colorPalette="brand" fontWeight="medium">
              <RouterLink to="/reviews/farms">← {t('reviews.farms.backToAll')}</RouterLink>
            </Link>
          </Box>
        ) : (
          <CityFilter city={city} onCity={setCity} />
        )}
        <Box as="section" aria-labelledby="farm-list" mt="6">
          <Heading as="h2" id="farm-list" size="xl" mb="4">
            {farmId ? t('reviews.farms.headingOne') : city ? t('reviews.farms.headingCity', { city, count: farms.count }) : t('reviews.farms.headingAll', { count: farms.count })}
          </Heading>
          {shown.length === 0 ? (
            <Text color="fg.muted" data-testid="empty-state">
              {t('reviews.farms.empty')}
            </Text>
          ) : (
            <chakra.ul listStyle="none" p="0" m="0" display="grid" gap="4" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }}>
              {shown.map((farm) => (
                <li key={farm.farmer.id}>
                  <FarmCard farm={farm} onOpen={() => setDetailId(farm.farmer.id)} onReview={() => setReviewFarm(farm.farmer)} />
                </li>
              ))}
            </chakra.ul>
          )}
          {farmId ? null : <ShowMore pages={farms} label={(count) => t('reviews.showMoreFarms', { count })} errorMessage={t('reviews.farms.loadFailed')} />}
        </Box>
      </>
    )

  return (
    <>
      <Heading as="h1" size={{ base: '3xl', md: '4xl' }} color="brand.900">
        {t('reviews.farmReviews')}
      </Heading>
      <Text mt="2" color="fg.muted" maxW="2xl">
        {t('reviews.farms.intro')}
      </Text>
      <Box mt="2">
        <Link asChild variant="underline" colorPalette="brand">
          <RouterLink to="/reviews">{t('reviews.farms.platformLink')}</RouterLink>
        </Link>
      </Box>
      {body}
      {detail ? <FarmDetailDialog farm={detail} onClose={() => setDetailId(null)} onReview={() => setReviewFarm(detail.farmer)} /> : null}
      {reviewFarm ? (
        <Suspense fallback={<Loading>{t('reviews.farms.loadingForm')}</Loading>}>
          <FarmReviewDialog farm={reviewFarm} onClose={() => setReviewFarm(null)} />
        </Suspense>
      ) : null}
    </>
  )
}
