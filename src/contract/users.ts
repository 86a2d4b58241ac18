import Type, { type Static } from 'typebox'
import { LANGUAGES, MIN_PASSWORD_LENGTH } from './constants'
import { Id, ListQuery, Name, Nullable, timestamps } from './common'
import { PERMISSIONS, ROLES } from './roles'

const Email = Type.String({ format: 'email', maxLength: 254 })
const Password = Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: 128 })
const PersonName = Nullable(Type.String({ maxLength: 200 }))
/** the language of the person's mails and screens */
const UserLanguage = Type.Enum([...LANGUAGES])

export const User = Type.Object({
  id: Id,
  email: Type.String(),
  username: Type.String(),
  given_name: Nullable(Type.String()),
  family_name: Nullable(Type.String()),
  language: UserLanguage,
  is_active: Type.Boolean(),
  is_verified: Type.Boolean(),
  is_superuser: Type.Boolean(),
  ...timestamps,
})
export type User = Static<typeof User>

/** A role held in one warehouse, or in every one (null); GET and PUT /users/{id}/roles take and answer a list of them */
export const RoleGrantSchema = Type.Object({ role: Type.Enum(ROLES), warehouse_id: Nullable(Id) })
export const RoleGrants = Type.Array(RoleGrantSchema, { maxItems: 1000 })
export const PermissionGrantSchema = Type.Object({ permission: Type.Enum(PERMISSIONS), warehouse_id: Nullable(Id) })

/** GET /users/me: the account, the roles it holds and what they allow */
export const Me = Type.Object({ ...User.properties, roles: RoleGrants, permissions: Type.Array(PermissionGrantSchema) })
export type Me = Static<typeof Me>

export const UserListQuery = ListQuery(['username', 'email', 'id', 'created_at', 'updated_at'], 'id.asc')

/** POST /users/ (super-user) and POST /auth/register (flags ignored there). */
export const UserCreate = Type.Object({
  email: Email,
  password: Password,
  username: Name(100),
  given_name: Type.Optional(PersonName),
  family_name: Type.Optional(PersonName),
  language: Type.Optional(UserLanguage),
  is_active: Type.Optional(Type.Boolean()),
  is_verified: Type.Optional(Type.Boolean()),
  is_superuser: Type.Optional(Type.Boolean()),
})
export type UserCreate = Static<typeof UserCreate>

const OwnData = {
  email: Email,
  password: Password,
  username: Name(100),
  given_name: PersonName,
  family_name: PersonName,
  language: UserLanguage,
}

/** PATCH /users/me: a person's own data; flags are not theirs to change. A new e-mail or password needs the current password. */
export const UserUpdateMe = Type.Partial(
  Type.Object({
    ...OwnData,
    current_password: Type.String({ maxLength: 128, description: 'required to change email or password' }),
  }),
)
export type UserUpdateMe = Static<typeof UserUpdateMe>

/** PATCH /users/{id} (super-user). */
export const UserUpdate = Type.Partial(
  Type.Object({
    ...OwnData,
    is_active: Type.Boolean(),
    is_verified: Type.Boolean(),
    is_superuser: Type.Boolean(),
  }),
)
export type UserUpdate = Static<typeof UserUpdate>

// fastapi-users compatible auth payloads
export const LoginForm = Type.Object({ username: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 128 }) })
export type LoginForm = Static<typeof LoginForm>
export const AccessToken = Type.Object({ access_token: Type.String(), token_type: Type.Literal('bearer') })
export type AccessToken = Static<typeof AccessToken>
export const EmailBody = Type.Object({ email: Email })
export type EmailBody = Static<typeof EmailBody>
export const TokenBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) })
export type TokenBody = Static<typeof TokenBody>
export const ResetPasswordBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), password: Password })
export type ResetPasswordBody = Static<typeof ResetPasswordBody>
