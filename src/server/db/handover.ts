// A hand-over of items from one producer to one consumer, the producer at most one item ahead: a stream of row
// batches across a worker thread or out of a transaction's callback, which keeps no more than two batches in memory.

export class Handover<T> {
  private buffered: T[] = []
  private finished = false
  private failure: { error: unknown } | undefined
  private cancelled = false
  private wakeConsumer: (() => void) | undefined
  private wakeProducer: (() => void) | undefined

  /** Hands `item` over; resolves once there is room for the next one: true, or false when the consumer stopped. */
  async put(item: T): Promise<boolean> {
    if (this.cancelled) return false
    this.buffered.push(item)
    this.wake('consumer')
    while (this.buffered.length > 1 && !this.cancelled) await new Promise<void>((resolve) => (this.wakeProducer = resolve))
    return !this.cancelled
  }

  /** No more items. */
  end() {
    this.finished = true
    this.wake('consumer')
  }

  /** The producer failed: the consumer throws `error` after the items handed over before it. */
  fail(error: unknown) {
    this.failure = { error }
    this.wake('consumer')
  }

  /** The consumer stops: the producer's next put answers false. */
  cancel() {
    this.cancelled = true
    this.buffered = []
    this.wake('producer')
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    try {
      for (;;) {
        if (this.buffered.length > 0) {
          const item = this.buffered.shift()!
          this.wake('producer')
          yield item
        } else if (this.failure) throw this.failure.error
        else if (this.finished) return
        else await new Promise<void>((resolve) => (this.wakeConsumer = resolve))
      }
    } finally {
      if (!this.finished) this.cancel()
    }
  }

  private wake(side: 'consumer' | 'producer') {
    const wake = side === 'consumer' ? this.wakeConsumer : this.wakeProducer
    if (side === 'consumer') this.wakeConsumer = undefined
    else this.wakeProducer = undefined
    wake?.()
  }
}
