// Why bookings are made: the reasons administrators keep, and the check a booking's reason meets. A reason is never
// deleted, only retired, so that every booking keeps the reason it was made with.
import type { BookingReason, BookingReasonCreate, BookingReasonUpdate } from '../../contract'
import type { DB } from '../db'
import { now } from '../db/clock'
import { isUniqueViolation } from '../db/errors'
import type { Trx } from '../db/writes'
import { Conflict, Invalid, NotFound } from './errors'

type ReasonRow = Omit<BookingReason, 'active'> & { active: boolean | number }
const toReason = (row: ReasonRow): BookingReason => ({ ...row, active: Boolean(row.active) })

/** Every reason, the active ones first, each kind in the order they were added. */
export async function listReasons(db: DB): Promise<BookingReason[]> {
  const rows = await db.selectFrom('booking_reasons').selectAll().orderBy('active', 'desc').orderBy('id').execute()
  return rows.map(toReason)
}

export async function createReason(trx: Trx, values: BookingReasonCreate): Promise<BookingReason> {
  const stamp = now()
  try {
    const row = await trx
      .insertInto('booking_reasons')
      .values({ code: values.code, name_en: values.name_en.trim(), name_nl: values.name_nl.trim(), created_at: stamp, updated_at: stamp })
      .returningAll()
      .executeTakeFirstOrThrow()
    return toReason(row)
  } catch (error) {
    if (isUniqueViolation(error))
      throw new Conflict('DUPLICATE_NAME', `Booking reason "${values.code}" already exists.`, { name: values.code })
    throw error
  }
}

export async function updateReason(trx: Trx, id: number, values: BookingReasonUpdate): Promise<BookingReason> {
  const row = await trx
    .updateTable('booking_reasons')
    .set({
      ...(values.name_en === undefined ? {} : { name_en: values.name_en.trim() }),
      ...(values.name_nl === undefined ? {} : { name_nl: values.name_nl.trim() }),
      ...(values.active === undefined ? {} : { active: values.active }),
      updated_at: now(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
  if (!row) throw new NotFound('Booking reason')
  return toReason(row)
}

/** A booking's reason must be one that is offered: known and not retired (422 naming the field and the choices). */
export async function assertReason(db: DB, code: string | null | undefined, field: (string | number)[] = ['body', 'reason']) {
  if (code == null) return
  const offered = await db.selectFrom('booking_reasons').select('id').where('code', '=', code).where('active', '=', true).executeTakeFirst()
  if (offered) return
  // refused: the sentence names the choices
  const active = await db.selectFrom('booking_reasons').select('code').where('active', '=', true).orderBy('id').execute()
  throw Invalid.rule(field, 'booking_reason_unknown', { allowed: active.map((reason) => reason.code).join(', ') }, 'enum')
}
