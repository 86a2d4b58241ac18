// Timestamps as both databases store them: ISO 8601 strings in UTC.
export const now = () => new Date().toISOString()

/** The timestamp `seconds` after `timestamp` (an expiry). */
export const secondsAfter = (timestamp: string, seconds: number) => new Date(Date.parse(timestamp) + seconds * 1000).toISOString()
