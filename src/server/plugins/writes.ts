// The write unit. A write route answers through `reply.commit(status, (trx) => work)`: the work runs in a write
// transaction (db/writes.ts), each recorder (the idempotency key, the audit) writes in the same transaction, the
// transaction commits, and only then is the answer sent with `status` (204: no body). A recorder may find that the
// request was answered before (a repeated Idempotency-Key): it throws AnswerKept, the work is rolled back, and that
// answer is sent again.
import { Buffer } from 'node:buffer'
import fp from 'fastify-plugin'
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyTypeProvider,
  FastifyTypeProviderDefault,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerBase,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify'
import type { CallSerializerTypeProvider, FastifyReplyType, ResolveFastifyReplyType } from 'fastify/types/type-provider'
import { IDEMPOTENT_REPLAYED_HEADER } from '../../contract/constants'
import { runWrite, type Trx, type Work } from '../db/writes'

/** An answer as it was sent: kept to be sent again. */
export interface SentAnswer {
  status: number
  /** null for a 204 */
  body: string | null
  contentType: string | null
}

/** Thrown in a write's transaction when the request must get an answer it was given before; the work is rolled back. */
export class AnswerKept extends Error {
  constructor(readonly answer: SentAnswer) {
    super('answered before')
  }
}

/**
 * What a work answers when the request got another outcome than the route's usual one (a booking held for approval
 * answers 202 with the approval): the answer goes out with this status, serialized by its schema.
 */
export class AnswerInstead {
  constructor(
    readonly status: number,
    readonly answer: unknown,
  ) {}
}

/** A write as it stands before its commit. */
export interface Written {
  request: FastifyRequest
  status: number
  /** what the work answered */
  answer: unknown
  /** the answer as it will go out, serialized by the route's response schema for `status` */
  serialized(): string
}

/**
 * Called in the write's transaction before its work (the audit reads the record a deletion removes); the function
 * it answers, if any, is called in the same transaction after the work, and writes what it records.
 */
export type WriteRecorder = (trx: Trx, request: FastifyRequest) => Promise<((written: Written) => Promise<void>) | undefined>

declare module 'fastify' {
  interface FastifyReply<
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    RawServer extends RawServerBase = RawServerDefault,
    RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
    RawReply extends RawReplyDefaultExpression<RawServer> = RawReplyDefaultExpression<RawServer>,
    ContextConfig = ContextConfigDefault,
    SchemaCompiler extends FastifySchema = FastifySchema,
    TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
    ReplyType extends FastifyReplyType = ResolveFastifyReplyType<TypeProvider, SchemaCompiler, RouteGeneric>,
  > {
    /**
     * Runs `work` in a write transaction with the recorders, commits, then answers `status` with what the work
     * answered (typed by the route's response schema for `status`; a 204 work answers nothing).
     */
    commit<Code extends keyof SchemaCompiler['response'] & number>(
      status: Code,
      work: Work<
        (Code extends 204 ? void | null : CallSerializerTypeProvider<TypeProvider, SchemaCompiler['response'][Code]>) | AnswerInstead
      >,
    ): Promise<FastifyReply<RouteGeneric, RawServer, RawRequest, RawReply, ContextConfig, SchemaCompiler, TypeProvider, ReplyType>>
    /** Sends again an answer given before (Idempotent-Replayed: true); nothing is written. */
    sendKept(
      answer: SentAnswer,
    ): FastifyReply<RouteGeneric, RawServer, RawRequest, RawReply, ContextConfig, SchemaCompiler, TypeProvider, ReplyType>
  }
  interface FastifyRequest {
    /** true when the answer is one given before, sent again */
    answeredBefore: boolean
  }
  interface FastifyInstance {
    /** Adds a recorder to every write, after those added before it. */
    addWriteRecorder(recorder: WriteRecorder): void
  }
}

const text = (serialized: string | ArrayBuffer | Buffer) =>
  typeof serialized === 'string'
    ? serialized
    : Buffer.isBuffer(serialized)
      ? serialized.toString('utf8')
      : Buffer.from(serialized).toString('utf8')

export default fp(async function writes(app: FastifyInstance) {
  const recorders: WriteRecorder[] = []
  app.decorate('addWriteRecorder', (recorder: WriteRecorder) => void recorders.push(recorder))

  app.decorateRequest('answeredBefore', false)
  app.decorateReply('sendKept', function sendKept(this: FastifyReply, { status, body, contentType }: SentAnswer) {
    this.request.answeredBefore = true
    this.code(status).header(IDEMPOTENT_REPLAYED_HEADER, 'true')
    if (contentType) this.header('content-type', contentType)
    // a string is sent as it is: the kept text, not serialized again
    return body === null ? this.send() : this.send(body)
  })

  app.decorateReply('commit', async function commit(this: FastifyReply, status: number, work: Work<unknown>) {
    const { request } = this
    // the serializer of the answer follows the status
    this.code(status)
    let answer: unknown
    try {
      answer = await runWrite(app.database, async (trx) => {
        const recordings = []
        for (const recorder of recorders) recordings.push(await recorder(trx, request))
        const worked = await work(trx)
        const [sent, answer] = worked instanceof AnswerInstead ? [worked.status, worked.answer] : [status, worked]
        this.code(sent)
        const written: Written = { request, status: sent, answer, serialized: () => text(this.serialize(answer)) }
        for (const record of recordings) await record?.(written)
        return answer
      })
    } catch (error) {
      if (error instanceof AnswerKept) return this.sendKept(error.answer)
      throw error
    }
    return this.statusCode === 204 ? this.send() : this.send(answer)
  })
})
