// Every write the admin sends besides react-admin's record CRUD, declared once: its method, its path (with {params}),
// and the types of its body and answer. The admin's one typed client (providers/operations.ts) sends them; a test
// holds each to the server's OpenAPI. Types only: the admin's bundle gets the methods and paths, never a schema.
import type { AccessToken, EmailBody, LoginForm, ResetPasswordBody, TokenBody, User, UserUpdateMe } from './users'
import type { AuditEntry } from './audit'
import type { StockCount, StockCountCreate, StockCountLine, StockCountLineUpdate, StockCountScan } from './counts'
import type { Product, ReorderLevel, SupplierInfoUpdate } from './products'
import type { ReorderLevelUpdate } from './reorder'
import type { StockMutation } from './stock'
import type { StockTransfer, StockTransferCreate, StockTransferReverse } from './transfers'
import type { ImportReport } from './imports'
import type { LedgerStatus } from './dashboard'
import type { Approval, ApprovalReject } from './approvals'
import type { RoleGrant } from './roles'
import type {
  PurchaseOrder,
  PurchaseOrderCreate,
  PurchaseOrderSent,
  PurchaseOrdersFromReorder,
  PurchaseOrdersMade,
  PurchaseOrderUpdate,
  PurchaseReceipt,
  PurchaseReceiptCreate,
} from './purchase-orders'

export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** How the body is sent: JSON (the default), a form (the fastapi-users login) or multipart (a file). */
export type BodyEncoding = 'json' | 'form' | 'multipart'

export interface Operation<Method extends WriteMethod = WriteMethod, Path extends string = string, Body = unknown, Answer = unknown> {
  method: Method
  path: Path
  encoding: BodyEncoding
  /** a write that may run for minutes (an import, its revert, an undo of one): one try with a long limit */
  long: boolean
  /** never set: carries the body's and the answer's types */
  readonly types?: { body: Body; answer: Answer }
}

/** `{id}` and `{line_id}` of '/stock_counts/{id}/lines/{line_id}' */
export type ParamsOf<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: number | string } & ParamsOf<Rest>
  : unknown

export type BodyOf<O> = O extends Operation<WriteMethod, string, infer Body, unknown> ? Body : never
export type AnswerOf<O> = O extends Operation<WriteMethod, string, unknown, infer Answer> ? Answer : never

/** An operation with body type Body and answer type Answer (void: the answer has no body the admin reads). */
const write =
  <Body = undefined, Answer = void>() =>
  <const Method extends WriteMethod, const Path extends `/${string}`>(
    method: Method,
    path: Path,
    { encoding = 'json', long = false }: { encoding?: BodyEncoding; long?: boolean } = {},
  ): Operation<Method, Path, Body, Answer> => ({ method, path, encoding, long })

export const OPERATIONS = {
  signIn: write<LoginForm, AccessToken>()('POST', '/auth/jwt/login', { encoding: 'form' }),
  signOut: write()('POST', '/auth/jwt/logout'),
  requestPasswordReset: write<EmailBody>()('POST', '/auth/forgot-password'),
  resetPassword: write<ResetPasswordBody>()('POST', '/auth/reset-password'),
  requestVerification: write<EmailBody>()('POST', '/auth/request-verify-token'),
  verifyEmail: write<TokenBody, User>()('POST', '/auth/verify'),
  updateOwnAccount: write<UserUpdateMe, User>()('PATCH', '/users/me'),

  updateSupplier: write<SupplierInfoUpdate, Product>()('PATCH', '/products/{id}/supplier'),
  restoreMutation: write<undefined, StockMutation>()('POST', '/products/{id}/stock_mutations/{mutation_id}/restore'),
  setReorderLevel: write<ReorderLevelUpdate, ReorderLevel>()('PUT', '/products/{id}/reorder_levels/{warehouse_id}'),
  removeReorderLevel: write()('DELETE', '/products/{id}/reorder_levels/{warehouse_id}'),

  createTransfer: write<StockTransferCreate, StockTransfer>()('POST', '/stock_transfers/'),
  reverseTransfer: write<StockTransferReverse, StockTransfer>()('POST', '/stock_transfers/{id}/reverse'),

  openCount: write<StockCountCreate, StockCount>()('POST', '/stock_counts/'),
  scanIntoCount: write<StockCountScan, StockCountLine>()('POST', '/stock_counts/{id}/scan'),
  setCounted: write<StockCountLineUpdate, StockCountLine>()('PATCH', '/stock_counts/{id}/lines/{line_id}'),
  submitCount: write<undefined, StockCount>()('POST', '/stock_counts/{id}/submit'),
  /** a count whose differences pass the warehouse's threshold answers the approval it waits for */
  applyCount: write<undefined, StockCount | Approval>()('POST', '/stock_counts/{id}/apply'),
  cancelCount: write<undefined, StockCount>()('POST', '/stock_counts/{id}/cancel'),
  reverseCount: write<undefined, StockCount>()('POST', '/stock_counts/{id}/reverse'),

  createPurchaseOrder: write<PurchaseOrderCreate, PurchaseOrder>()('POST', '/purchase_orders/'),
  purchaseOrdersFromReorder: write<PurchaseOrdersFromReorder, PurchaseOrdersMade>()('POST', '/purchase_orders/from_reorder'),
  updatePurchaseOrder: write<PurchaseOrderUpdate, PurchaseOrder>()('PATCH', '/purchase_orders/{id}'),
  sendPurchaseOrder: write<undefined, PurchaseOrderSent>()('POST', '/purchase_orders/{id}/send'),
  closePurchaseOrder: write<undefined, PurchaseOrder>()('POST', '/purchase_orders/{id}/close'),
  cancelPurchaseOrder: write<undefined, PurchaseOrder>()('POST', '/purchase_orders/{id}/cancel'),
  receivePurchaseOrder: write<PurchaseReceiptCreate, PurchaseReceipt>()('POST', '/purchase_orders/{id}/receipts'),
  reverseReceipt: write<undefined, PurchaseReceipt>()('POST', '/purchase_orders/{id}/receipts/{receipt_id}/reverse'),

  /** the file and its options as multipart; `?dry_run=true` checks every row and keeps nothing */
  uploadImport: write<FormData, ImportReport>()('POST', '/imports/', { encoding: 'multipart', long: true }),
  revertImport: write<undefined, ImportReport>()('DELETE', '/imports/{id}', { long: true }),
  undo: write<undefined, AuditEntry>()('POST', '/audit/{id}/undo', { long: true }),
  checkLedgerAgain: write<undefined, LedgerStatus>()('POST', '/dashboard/ledger'),

  approve: write<undefined, Approval>()('POST', '/approvals/{id}/approve'),
  reject: write<ApprovalReject, Approval>()('POST', '/approvals/{id}/reject'),
  setRoles: write<RoleGrant[], RoleGrant[]>()('PUT', '/users/{id}/roles'),
}
