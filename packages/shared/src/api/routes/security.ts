import { BootstrapData } from '../bootstrap.ts';
import { IdParam, MessageAnswer } from '../common.ts';
import { route } from '../route.ts';
import {
  CsrfAnswer,
  LoginBody,
  MeAnswer,
  MeRolesAnswer,
  PermissionsAnswer,
  RoleInput,
  RoleItemAnswer,
  RoleListAnswer,
  TokenAnswer,
  UserCreate,
  UserItemAnswer,
  UserListAnswer,
  UserUpdate,
} from '../security.ts';

const USERS = '/api/v1/security/users';
const ROLES = '/api/v1/security/roles';

/** Signing in and out, the current user, the CSRF token, and the administration of users and roles. */
export const securityRoutes = {
  /** Superset's API login: an access token, and a refresh token when `refresh` is true. */
  login: route({
    method: 'POST',
    path: '/api/v1/security/login',
    body: LoginBody,
    answer: TokenAnswer,
  }),
  /** A new access token for the refresh token sent as the bearer. */
  refresh: route({ method: 'POST', path: '/api/v1/security/refresh', answer: TokenAnswer }),
  /** Ends the browser session of the cookie sent. */
  logout: route({ method: 'POST', path: '/api/v1/security/logout', answer: MessageAnswer }),
  /** The web client's start-up data: the current user, feature flags, settings. */
  bootstrap: route({ method: 'GET', path: '/api/v1/bootstrap/', answer: BootstrapData }),
  csrfToken: route({ method: 'GET', path: '/api/v1/security/csrf_token/', answer: CsrfAnswer }),
  me: route({ method: 'GET', path: '/api/v1/me/', answer: MeAnswer }),
  meRoles: route({ method: 'GET', path: '/api/v1/me/roles/', answer: MeRolesAnswer }),
  users: route({ method: 'GET', path: `${USERS}/`, answer: UserListAnswer }),
  user: route({ method: 'GET', path: `${USERS}/:pk`, params: IdParam, answer: UserItemAnswer }),
  createUser: route({
    method: 'POST',
    path: `${USERS}/`,
    body: UserCreate,
    answer: UserItemAnswer,
    status: 201,
  }),
  updateUser: route({
    method: 'PUT',
    path: `${USERS}/:pk`,
    params: IdParam,
    body: UserUpdate,
    answer: UserItemAnswer,
  }),
  deleteUser: route({
    method: 'DELETE',
    path: `${USERS}/:pk`,
    params: IdParam,
    answer: MessageAnswer,
  }),
  roles: route({ method: 'GET', path: `${ROLES}/`, answer: RoleListAnswer }),
  role: route({ method: 'GET', path: `${ROLES}/:pk`, params: IdParam, answer: RoleItemAnswer }),
  createRole: route({
    method: 'POST',
    path: `${ROLES}/`,
    body: RoleInput,
    answer: RoleItemAnswer,
    status: 201,
  }),
  updateRole: route({
    method: 'PUT',
    path: `${ROLES}/:pk`,
    params: IdParam,
    body: RoleInput.partial(),
    answer: RoleItemAnswer,
  }),
  deleteRole: route({
    method: 'DELETE',
    path: `${ROLES}/:pk`,
    params: IdParam,
    answer: MessageAnswer,
  }),
  permissions: route({
    method: 'GET',
    path: '/api/v1/security/permissions/',
    answer: PermissionsAnswer,
  }),
} as const;
