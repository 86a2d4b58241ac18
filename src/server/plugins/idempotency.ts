// Idempotency-Key (IETF draft-ietf-httpapi-idempotency-key-header) on every write under /api. A signed-in write
// with a key is carried out once: its answer is kept with the key, the user, the method, the path and a fingerprint
// of the body, in the write's own transaction (a recorder of the write unit, plugins/writes.ts), so a crash cannot
// keep the write without its key or the key without its write. A repeat gets the kept answer again and writes
// nothing; the key with another request is refused (422); a repeat while the first is under way gets 409 and
// Retry-After. A multipart body (an import's file) is fingerprinted by its route once read. Calls without a session
// (sign-in, registration, mailed links) accept the header and keep nothing.
// Expired keys are deleted by the housekeeping sweep (domain/housekeeping.ts).
import { createHash } from 'node:crypto'
import fp from 'fastify-plugin'
import { sql } from 'kysely'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { IDEMPOTENCY_KEY_HEADER, WriteHeaders } from '../../contract'
import { now, secondsAfter } from '../db/clock'
import { idempotencyKeyRepository, type KeptAnswer } from '../db/repositories/idempotency-keys'
import { KeyReused, StillInProgress } from '../domain/errors'
import { AnswerKept, type SentAnswer } from './writes'

/** How long a key is kept (the draft leaves it to the server; a day covers any retry of a person's action). */
export const KEY_LIFETIME_SECONDS = 24 * 60 * 60
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const JSON_TYPE = 'application/json; charset=utf-8'

/** A keyed write of a signed-in user, as it must match the answer kept for the key. */
interface KeyedWrite {
  userId: number
  key: string
  method: string
  path: string
  fingerprint: string
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the key and what it stands for, when a signed-in write carries one */
    keyedWrite?: KeyedWrite
  }
  interface FastifyReply {
    /**
     * For a route that reads a multipart body itself: `received` (its fields and its file's digest) is the body's
     * fingerprint; the answer kept for the key is sent again when it was given to the same body (true), a key used
     * with another body is refused (422), and false means the write is to be done.
     */
    replayIfKept(received: unknown): Promise<boolean>
  }
}

/** The body as JSON with the keys of every object sorted, so that the order of fields does not matter. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? ''
}

const fingerprintOf = (body: unknown) => createHash('sha256').update(canonical(body)).digest('hex')
/** A multipart body is read by its route, not before it: its fingerprint is not known yet. */
const UNREAD = 'multipart body not read yet'
const MULTIPART = /^multipart\//i

/** The kept answer, if it was given to this very request; the key used for another request is refused. */
function answerFor(write: KeyedWrite, kept: KeptAnswer): SentAnswer {
  if (kept.method !== write.method || kept.path !== write.path || kept.fingerprint !== write.fingerprint) throw new KeyReused()
  return { status: kept.status, body: kept.body, contentType: kept.content_type }
}

export default fp(async function idempotency(app: FastifyInstance) {
  // the first request of each key under way in this process; other processes are told by the database (below)
  const underWay = new Map<string, FastifyRequest>()
  const idOf = (write: KeyedWrite) => `${write.userId}:${write.key}`

  // every write accepts the header: its form is checked (422 naming it) and it is in the OpenAPI document
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat()
    if (!route.url.startsWith('/api/') || !methods.some((method) => WRITES.has(method))) return
    route.schema = { ...route.schema, headers: route.schema?.headers ?? WriteHeaders }
  })

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER]
    if (typeof key !== 'string' || !WRITES.has(request.method) || !request.user) return
    // only a route that takes a form reads it (reply.replayIfKept); any other reads no multipart body, whatever is sent
    const takesForm = (request.routeOptions.schema?.consumes ?? []).some((type) => MULTIPART.test(type))
    const multipart = takesForm && MULTIPART.test(request.headers['content-type'] ?? '')
    const write: KeyedWrite = {
      userId: request.user.id,
      key,
      method: request.method,
      path: request.url,
      // the body as the route's schema checked it (extra fields dropped, defaults filled): what the write will do;
      // a route without a body schema (a deletion) reads none, whatever is sent
      fingerprint: multipart ? UNREAD : fingerprintOf(request.routeOptions.schema?.body ? request.body : undefined),
    }
    if (underWay.has(idOf(write))) throw new StillInProgress()
    underWay.set(idOf(write), request)
    request.keyedWrite = write
    // the route reads the form and its file, then asks for the answer kept for them (reply.replayIfKept)
    if (multipart) return
    const kept = await idempotencyKeyRepository.find(app.db, write.userId, write.key)
    if (kept) return reply.sendKept(answerFor(write, kept))
  })

  // the request is answered: a repeat of its key is no longer under way here
  app.addHook('onSend', async (request) => {
    const write = request.keyedWrite
    if (write && underWay.get(idOf(write)) === request) underWay.delete(idOf(write))
  })

  app.decorateReply('replayIfKept', async function replayIfKept(this: FastifyReply, received: unknown) {
    const write = this.request.keyedWrite
    if (!write) return false
    write.fingerprint = fingerprintOf(received)
    const kept = await idempotencyKeyRepository.find(app.db, write.userId, write.key)
    if (!kept) return false
    await this.sendKept(answerFor(write, kept))
    return true
  })

  app.addWriteRecorder(async (trx, request) => {
    const write = request.keyedWrite
    if (!write) return undefined
    // a key kept without its body's fingerprint would replay any other file sent with it
    if (write.fingerprint === UNREAD) throw new Error(`${request.url} writes a multipart body without reply.replayIfKept`)
    // another server may be carrying out the same key: the lock is held until this transaction ends
    if (app.dialect === 'postgres') {
      const { rows } = await sql<{
        locked: boolean
      }>`select pg_try_advisory_xact_lock(hashtextextended(${idOf(write)}, 0)) as locked`.execute(trx)
      if (!rows[0].locked) throw new StillInProgress()
    }
    return async (written) => {
      const { status } = written
      const stamp = now()
      const kept = await idempotencyKeyRepository.keep(trx, {
        user_id: write.userId,
        idempotency_key: write.key,
        method: write.method,
        path: write.path,
        fingerprint: write.fingerprint,
        status,
        body: status === 204 ? null : written.serialized(),
        content_type: status === 204 ? null : JSON_TYPE,
        created_at: stamp,
        expires_at: secondsAfter(stamp, KEY_LIFETIME_SECONDS),
      })
      if (kept) return
      // a repeat on another server committed first: this work is rolled back, and its answer given
      const earlier = await idempotencyKeyRepository.find(trx, write.userId, write.key)
      if (!earlier) throw new StillInProgress()
      throw new AnswerKept(answerFor(write, earlier))
    }
  })
})
