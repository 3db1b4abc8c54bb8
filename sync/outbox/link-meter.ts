// The link as the outbox measures it while it drains: how long a small request takes (round trip
// plus the server's work) and how fast photo bytes go. It decides how many photo uploads may be in
// flight and gives the Outbox screen its speed and time left. Memory of this page only: a phone
// that moved from a village to town measures afresh at its next drain.

/** Photo uploads in flight at most, on a fast link. */
export const MAX_PARALLEL_UPLOADS = 3
/**
 * 4 Mbit/s: below it (2G, 3G, a weak 4G signal) the bytes are what a photo waits for, and uploads
 * side by side would only split the bandwidth, making each photo (and the record behind it) land
 * later. Above it the round trip and the server's disk weigh as much as the bytes, so a few at
 * once keep the link busy.
 */
export const FAST_LINK_BYTES_PER_MS = 500
/** Each new sample weighs this much against what was measured before. */
const WEIGHT = 0.3

export interface LinkMeter {
  /** A small request (upload URL, record) took this long. */
  sampleRequest(ms: number): void
  /** A photo of `bytes` went up in `ms` (request to answer). */
  sampleUpload(bytes: number, ms: number): void
  /** Photo uploads to keep in flight: one until the link is measured, and on a slow link. */
  parallelUploads(): number
  /** Bytes per millisecond photos go at, or undefined before the first photo. */
  bytesPerMs(): number | undefined
  /**
   * How long after its start a photo of `bytes` has its last bytes on the way and waits only for
   * its answer (undefined before the link is measured): the next upload may start then, so a
   * slow link never idles for a round trip between photos.
   */
  handOffAfterMs(bytes: number): number | undefined
}

export function createLinkMeter(): LinkMeter {
  let requestMs: number | undefined
  let uploadBytesPerMs: number | undefined
  const blend = (before: number | undefined, sample: number) => (before === undefined ? sample : before + (sample - before) * WEIGHT)

  return {
    sampleRequest(ms) {
      requestMs = blend(requestMs, Math.max(0, ms))
    },
    sampleUpload(bytes, ms) {
      if (bytes <= 0) return
      // The round trip inside the upload's time is not bandwidth: take it out when it is known.
      const sending = Math.max(1, ms - Math.min(requestMs ?? 0, ms / 2))
      uploadBytesPerMs = blend(uploadBytesPerMs, bytes / sending)
    },
    parallelUploads() {
      return uploadBytesPerMs !== undefined && uploadBytesPerMs >= FAST_LINK_BYTES_PER_MS ? MAX_PARALLEL_UPLOADS : 1
    },
    bytesPerMs: () => uploadBytesPerMs,
    handOffAfterMs(bytes) {
      if (uploadBytesPerMs === undefined || requestMs === undefined) return undefined
      return Math.max(0, bytes / uploadBytesPerMs - requestMs)
    },
  }
}
