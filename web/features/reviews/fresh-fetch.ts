// Reading our own writes through the service worker. The worker answers the review lists
// stale-while-revalidate (sync/outbox/cache-rules.ts): a plain refetch right after a new review
// would get the cached copy from before it. So after a write, the next fetch of each affected list
// asks with `cache: 'no-cache'`, which the worker answers from the network first
// (cache-rules.ts wantsFreshAnswer), and the list shows the new average and count at once.
import type { QueryClient, QueryFunction, QueryKey } from '@tanstack/react-query'
import { ServerSilentError, publicListQuery, queryKeyToUrl } from '../../shared/api'

const needsFresh = new Set<string>()

/**
 * Query function for the review lists: a public list's (which gives up on a silent server after
 * SERVER_WAIT_MS), plus the after-a-write bypass.
 */
export function reviewsQueryFn<T>(): QueryFunction<T> {
  return async (context) => {
    const fresh = needsFresh.delete(queryKeyToUrl(context.queryKey))
    if (!fresh) return publicListQuery<T>(context)
    try {
      return await publicListQuery<T>(context, 'no-cache')
    } catch (error) {
      // The link went silent right after the write: the worker's copy from before it beats "Try again".
      if (error instanceof ServerSilentError) return publicListQuery<T>(context)
      throw error
    }
  }
}

/** After a successful write: refetch every cached query the predicate picks, past the worker's cache. */
export async function refetchFresh(queryClient: QueryClient, predicate: (key: QueryKey) => boolean): Promise<void> {
  for (const query of queryClient.getQueryCache().findAll({ predicate: (q) => predicate(q.queryKey) })) {
    needsFresh.add(queryKeyToUrl(query.queryKey))
  }
  await queryClient.invalidateQueries({ predicate: (q) => predicate(q.queryKey) })
}
