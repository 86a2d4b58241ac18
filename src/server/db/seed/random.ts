// A small seeded generator (mulberry32): the same --seed gives the same catalogue on every machine.
export class Random {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  /** a float in [0, 1) */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** an integer in [min, max] */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]
  }

  /** a count with the given mean: Poisson by Knuth's method, fine for the small means a catalogue needs */
  poisson(mean: number): number {
    if (mean <= 0) return 0
    if (mean > 50) return Math.max(0, Math.round(mean + Math.sqrt(mean) * this.normal()))
    const limit = Math.exp(-mean)
    let k = 0
    let p = this.next()
    while (p > limit) {
      k += 1
      p *= this.next()
    }
    return k
  }

  private normal(): number {
    return Math.sqrt(-2 * Math.log(1 - this.next())) * Math.cos(2 * Math.PI * this.next())
  }
}

/** Picks index i with probability proportional to weights[i], in O(log n). */
export class WeightedPicker {
  private readonly cumulative: Float64Array

  constructor(weights: readonly number[]) {
    this.cumulative = new Float64Array(weights.length)
    let sum = 0
    weights.forEach((w, i) => (this.cumulative[i] = sum += w))
  }

  pick(random: Random): number {
    const target = random.next() * this.cumulative[this.cumulative.length - 1]
    let [low, high] = [0, this.cumulative.length - 1]
    while (low < high) {
      const mid = (low + high) >>> 1
      if (this.cumulative[mid] > target) high = mid
      else low = mid + 1
    }
    return low
  }
}

/** Zipf-like weights: a few big brands, a long tail of small ones. */
export const zipfWeights = (count: number, exponent: number) => Array.from({ length: count }, (_, i) => 1 / (i + 1) ** exponent)
