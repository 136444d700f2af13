import { z } from 'zod';
import { listAnswerSchema } from './common.ts';

export const LoginBody = z.object({
  username: z.string().min(1),
  password: z.string().min(1),
  provider: z.enum(['db']).default('db'),
  refresh: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const TokenAnswer = z.object({
  access_token: z.string(),
  refresh_token: z.string().optional(),
});

export const CsrfAnswer = z.object({ result: z.string() });

/** `/api/v1/me/` */
export const MeAnswer = z.object({
  result: z.object({
    id: z.number(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    is_active: z.boolean(),
    is_anonymous: z.boolean(),
  }),
});
export type Me = z.infer<typeof MeAnswer>['result'];

/** `/api/v1/me/roles/`: roles map to [permission, view] pairs, plus object grants. */
export const MeRolesAnswer = z.object({
  result: z.object({
    roles: z.record(z.string(), z.array(z.tuple([z.string(), z.string()]))),
    permissions: z.object({
      database_access: z.array(z.string()),
      datasource_access: z.array(z.string()),
    }),
  }),
});
export type MeRoles = z.infer<typeof MeRolesAnswer>['result'];

/** Lengths of the store's `permission` and `view_menu` columns. */
export const PermissionPairSchema = z.tuple([
  z.string().min(1).max(100),
  z.string().min(1).max(255),
]);

export const RoleInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(64),
  permissions: z.array(PermissionPairSchema).optional(),
});
export type RoleInput = z.infer<typeof RoleInput>;

export const Role = z.object({
  id: z.number(),
  name: z.string(),
  permissions: z.array(z.tuple([z.string(), z.string()])),
  user_count: z.number(),
  builtin: z.boolean(),
});
export type Role = z.infer<typeof Role>;

/** A user's writable fields as sent, without defaults: what an update may change. */
const UserFields = z.object({
  username: z.string().trim().min(1, 'Username is required').max(64),
  first_name: z.string().trim().min(1, 'First name is required').max(64),
  last_name: z.string().trim().max(64),
  email: z.string().trim().email('Not a valid email address').max(320),
  password: z.string().min(8, 'Password must be at least 8 characters'),
  active: z.boolean(),
  roles: z.array(z.number().int().positive()).min(1, 'A user needs at least one role'),
});

export const UserCreate = UserFields.extend({
  last_name: UserFields.shape.last_name.default(''),
  active: UserFields.shape.active.default(true),
});
export type UserCreate = z.infer<typeof UserCreate>;

/**
 * Superset's PUT changes only the fields sent. Built from the fields without defaults: zod fills
 * a default in even inside `.partial()`, so `UserCreate.partial()` would reactivate a deactivated
 * account and clear its last name on an update that sent neither.
 */
export const UserUpdate = UserFields.partial();
export type UserUpdate = z.infer<typeof UserUpdate>;

export const User = z.object({
  id: z.number(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  active: z.boolean(),
  roles: z.array(z.object({ id: z.number(), name: z.string() })),
  last_login: z.string().nullable(),
  login_count: z.number(),
  created_on: z.string(),
  changed_on: z.string(),
});
export type User = z.infer<typeof User>;

export const UserItemAnswer = z.object({ id: z.number(), result: User });
export const UserListAnswer = listAnswerSchema(User);
export const RoleItemAnswer = z.object({ id: z.number(), result: Role });
export const RoleListAnswer = listAnswerSchema(Role);
/** `GET /api/v1/security/permissions/`: every [permission, view] pair a role may be granted. */
export const PermissionsAnswer = z.object({
  result: z.array(z.tuple([z.string(), z.string()]).readonly()),
});
