import { searchKey } from '../../lib/search-key'
import { postcodeLines } from './postcodes.generated'

/** A place's centre (GeoNames, CC BY 4.0): good for "ca. 3 km", not for routing (ADR 078). */
export interface GeoPoint {
  latitude: number
  longitude: number
}

/** A place the finder searched: its name, its postcodes and their centre. */
export interface Place {
  name: string
  postcodes: string[]
  point: GeoPoint
}

interface PostcodeIndex {
  points: Map<string, GeoPoint>
  /** Postcode → the first place GeoNames names for it ("12043" → Berlin). */
  placeNames: Map<string, string>
  /** Folded place name → the place's spelling and postcodes. */
  places: Map<string, { name: string; postcodes: string[] }>
}

let loaded: PostcodeIndex | undefined

/** Parsed on first use, not at start: only the finder needs it (ADR 078 has the measurements). */
function postcodeIndex(): PostcodeIndex {
  if (loaded) return loaded
  const points = new Map<string, GeoPoint>()
  const placeNames = new Map<string, string>()
  const places = new Map<string, { name: string; postcodes: string[] }>()
  for (const line of postcodeLines.split('\n')) {
    const [postcode = '', latitude, longitude, names = ''] = line.split(';')
    points.set(postcode, { latitude: Number(latitude), longitude: Number(longitude) })
    placeNames.set(postcode, names.split('|')[0] ?? '')
    for (const name of names.split('|')) {
      const key = searchKey(name)
      const place = places.get(key) ?? { name, postcodes: [] }
      place.postcodes.push(postcode)
      places.set(key, place)
    }
  }
  loaded = { points, placeNames, places }
  return loaded
}

export const postcodePoint = (postcode: string): GeoPoint | undefined =>
  postcodeIndex().points.get(postcode)

export const placeOfPostcode = (postcode: string): string | undefined =>
  postcodeIndex().placeNames.get(postcode)

const centreOf = (points: GeoPoint[]): GeoPoint => ({
  latitude: points.reduce((sum, point) => sum + point.latitude, 0) / points.length,
  longitude: points.reduce((sum, point) => sum + point.longitude, 0) / points.length,
})

/**
 * The place a search names: its exact name with case and umlauts folded ("koln" → Köln), else the
 * largest place whose name begins with it as a word ("Frankfurt" → Frankfurt am Main).
 */
export function findPlace(text: string): Place | undefined {
  const { places, points } = postcodeIndex()
  const key = searchKey(text.trim())
  if (!key) return undefined
  let place = places.get(key)
  if (!place) {
    for (const [name, candidate] of places) {
      if (!name.startsWith(key) || !/^[\s(,-]/.test(name.slice(key.length))) continue
      if (!place || candidate.postcodes.length > place.postcodes.length) place = candidate
    }
  }
  if (!place) return undefined
  const located = place.postcodes.flatMap((postcode) => points.get(postcode) ?? [])
  return { ...place, point: centreOf(located) }
}

const earthRadiusKm = 6371.0088
const radians = (degrees: number) => (degrees * Math.PI) / 180

/** The great-circle distance (haversine) between two points, in kilometres. */
export function distanceKm(from: GeoPoint, to: GeoPoint): number {
  const dLat = radians(to.latitude - from.latitude)
  const dLon = radians(to.longitude - from.longitude)
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(a)))
}
