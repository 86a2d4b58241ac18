// Undo. From the audit trail (super-users): GET /audit/{id}/undo says whether an entry's change can be taken back
// now, POST takes it back with the compensating change (domain/undo.ts registers what each kind of change needs).
// Right after a deletion of a stock mutation, POST .../stock_mutations/{id}/restore books it again; the undo of a
// booking is its DELETE, and of an import its DELETE /imports/{id}.
import { AuditEntry, AuditUndoParams, StockMutation, StockMutationParams, UndoCheck } from '../../contract'
import { auditRepository } from '../db/repositories/audit'
import { Conflict, NotFound } from '../domain/errors'
import { mutationsQuery, toStockMutation } from '../domain/ledger'
import { undoerOf, undoers } from '../domain/undo'
import { restoringMutation } from './support/warehouses-of'
import type { RoutePlugin } from './support/route-plugin'

const plugin: RoutePlugin = async (app) => {
  const entryOr404 = async (id: number) => {
    const entry = await auditRepository.find(app.db, id)
    if (!entry) throw new NotFound('Audit entry')
    return entry
  }

  app.get(
    '/audit/:id/undo',
    {
      config: { access: 'administer' },
      schema: {
        tags: ['audit'],
        description: 'Whether the change of this entry can be undone now, and if not why.',
        params: AuditUndoParams,
        response: { 200: UndoCheck },
      },
    },
    async (request) => {
      const entry = await entryOr404(request.params.id)
      try {
        const refusal = await undoerOf(entry).refusal(app.db, entry)
        return refusal
          ? { possible: false, code: refusal.code, reason: refusal.message, ...(refusal.params ? { params: refusal.params } : {}) }
          : { possible: true }
      } catch (error) {
        if (error instanceof Conflict) return { possible: false, code: error.code, reason: error.message }
        throw error
      }
    },
  )

  app.post(
    '/audit/:id/undo',
    {
      config: { access: 'administer', audit: { entity: 'work', id: 'answer' } },
      schema: {
        tags: ['audit'],
        description:
          'Takes the change of this entry back with the compensating change (itself audited); 409 with a sentence when it cannot.',
        params: AuditUndoParams,
        response: { 201: AuditEntry },
      },
    },
    async (request, reply) => {
      const entry = await entryOr404(request.params.id)
      const undoer = undoerOf(entry)
      return reply.commit(201, async (trx) => {
        const refusal = await undoer.refusal(trx, entry)
        if (refusal) throw refusal
        const compensation = await undoer.undo(trx, entry, { id: request.user.id, username: request.user.username })
        request.audited = { ...compensation, changes: { ...compensation.changes, undo_of: entry.id } }
        // the entry that was undone, as the answer: the audit screen marks it
        return entry
      })
    },
  )

  app.post(
    '/products/:id/stock_mutations/:mutation_id/restore',
    {
      config: { access: { permission: 'stock.book', needs: restoringMutation }, audit: { entity: 'work', id: 'answer' } },
      schema: {
        tags: ['stock'],
        description: 'Books a deleted mutation of this product again as it was (the undo of its deletion); 409 when it cannot.',
        params: StockMutationParams,
        response: { 201: StockMutation },
      },
    },
    async (request, reply) => {
      const { id, mutation_id } = request.params
      const [deletion] = (
        await auditRepository.list(app.db, { entity_type: 'stock_mutation', entity_id: mutation_id, action: 'delete', limit: 1 })
      ).entries
      if (!deletion || deletion.changes?.product_id !== id) throw new NotFound('Deleted stock mutation')
      const undoer = undoers['stock_mutation:delete']!
      return reply.commit(201, async (trx) => {
        const refusal = await undoer.refusal(trx, deletion)
        if (refusal) throw refusal
        const compensation = await undoer.undo(trx, deletion, { id: request.user.id, username: request.user.username })
        request.audited = { ...compensation, changes: { ...compensation.changes, undo_of: deletion.id } }
        const restored = await mutationsQuery(trx).where('stock_mutations.id', '=', mutation_id).executeTakeFirstOrThrow()
        return toStockMutation(restored)
      })
    },
  )
}

export default plugin
