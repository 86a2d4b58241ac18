// Timestamps as both databases store them: ISO 8601 strings in UTC.
export const now = () => new Date().toISOString()

/** The timestamp `seconds` from now (an expiry). */
export const secondsFromNow = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString()
