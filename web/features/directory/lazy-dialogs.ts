// The produce and city dialogs are one lazy chunk, fetched the first time a bar or a city is
// hovered, focused or chosen, so the home page's initial JS stays within its budget.
import { lazy } from 'react'
import { withAllCatalogs } from '../../i18n/runtime'

const load = withAllCatalogs(() => import('./directory-dialogs'))

/** Start fetching the dialogs' chunk (safe to call often). */
export function preloadDialogs() {
  void load()
}

export const ProduceDialog = lazy(async () => ({ default: (await load()).ProduceDialog }))
export const CityDialog = lazy(async () => ({ default: (await load()).CityDialog }))

// The farm photos dialog is its own small chunk: a card's photo fetches it when pointed at or focused.
const loadPhotos = withAllCatalogs(() => import('./farmer-photos-dialog'))

export function preloadPhotosDialog() {
  void loadPhotos()
}

export const FarmerPhotosDialog = lazy(async () => ({ default: (await loadPhotos()).FarmerPhotosDialog }))
