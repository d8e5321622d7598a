import { z } from 'zod';
import type { ReviewChange } from '@web-control/contract/reviews';
import type { DbExecutor } from '../../db/schema.ts';
import type { Actor } from '../audit/audited-change.ts';
import {
  ADMIN_AUDIT_ACTIONS,
  type AdminChanges,
  type Planned,
  type RoleInputData,
  type UserInputData,
} from './admin-changes.ts';

// What a request holds: the change as asked, and for a change or deletion the values it replaces
// (the review screen shows both). A new user has no password: the enrolment link is made on approval.
const nullableText = z.string().nullable();
const userFields = {
  username: z.string(),
  email: z.string(),
  msisdn: nullableText,
  roleId: z.number().int(),
};
const userCreate = z.object({ ...userFields, roleName: z.string() });
const userUpdate = z.object({
  ...userFields,
  userId: z.string(),
  version: z.number().int(),
  roleName: z.string(),
  before: z.object({ email: nullableText, msisdn: nullableText, roleName: nullableText }),
});
const userDelete = z.object({
  userId: z.string(),
  version: z.number().int(),
  username: z.string(),
  email: nullableText,
  msisdn: nullableText,
  roleName: nullableText,
});
const roleFields = {
  role: z.string(),
  permissionIds: z.array(z.number().int()),
  permissions: z.array(z.string()),
};
const roleCreate = z.object(roleFields);
const roleUpdate = z.object({
  ...roleFields,
  roleId: z.number().int(),
  version: z.number().int(),
  before: z.object({ role: z.string(), permissions: z.array(z.string()) }),
});
const roleDelete = z.object({
  roleId: z.number().int(),
  version: z.number().int(),
  role: z.string(),
  permissions: z.array(z.string()),
});

type UserCreate = z.infer<typeof userCreate>;
type UserUpdate = z.infer<typeof userUpdate>;
type UserDelete = z.infer<typeof userDelete>;
type RoleCreate = z.infer<typeof roleCreate>;
type RoleUpdate = z.infer<typeof roleUpdate>;
type RoleDelete = z.infer<typeof roleDelete>;

const FIELDS = {
  username: 'Username',
  email: 'Email',
  msisdn: 'Mobile number',
  role: 'Role',
  name: 'Name',
  permissions: 'Permissions',
} as const;

function listed(names: readonly string[]): string | null {
  return names.length === 0 ? null : names.join(', ');
}

/** The fields whose value differs. */
function changed(changes: ReviewChange[]): ReviewChange[] {
  return changes.filter((change) => change.from !== change.to);
}

function userInputOf(payload: UserCreate | UserUpdate): UserInputData {
  const { username, email, msisdn, roleId } = payload;
  return { username, email, msisdn, roles: [{ roleId }] };
}

function roleInputOf(payload: RoleCreate | RoleUpdate): RoleInputData {
  return { role: payload.role, permissions: payload.permissionIds.map((id) => ({ id })) };
}

/** How one kind of request reads and what its approval does. */
/** Whom an approved new user's enrolment mail goes to, once the approval has committed. */
export interface Enrolment {
  userId: string;
  username: string;
  email: string;
  link: string;
}

export interface KindSpec<P, R = unknown> {
  schema: z.ZodType<P>;
  action: string;
  target: (payload: P) => Record<string, unknown>;
  summary: (payload: P) => string;
  changes: (payload: P) => ReviewChange[];
  /** The user the request changes, who may not review it either. */
  subject?: (payload: P) => { id: string; name: string };
  plan: (tx: DbExecutor, reviewer: Actor, payload: P) => Promise<Planned<R, unknown>>;
  /** A new user made by the approval, to be mailed their enrolment link. */
  enrolment?: (payload: P, result: R) => Enrolment;
}

/** The six kinds of FOUR_EYES=admin: how each reads and what its approval does. */
export function adminKindSpecs(changes: AdminChanges) {
  const userCreateSpec: KindSpec<UserCreate, { userId: string; link: string }> = {
    schema: userCreate,
    action: ADMIN_AUDIT_ACTIONS.userCreated,
    target: (p) => ({ username: p.username }),
    summary: (p) => `Create user ${p.username}`,
    changes: (p) => [
      { field: FIELDS.username, from: null, to: p.username },
      { field: FIELDS.email, from: null, to: p.email },
      { field: FIELDS.msisdn, from: null, to: p.msisdn },
      { field: FIELDS.role, from: null, to: p.roleName },
    ],
    plan: (tx, _reviewer, p) => changes.createUser(tx, userInputOf(p)),
    enrolment: (p, { userId, link }) => ({ userId, link, username: p.username, email: p.email }),
  };
  const userUpdateSpec: KindSpec<UserUpdate> = {
    schema: userUpdate,
    action: ADMIN_AUDIT_ACTIONS.userUpdated,
    target: (p) => ({ userId: p.userId }),
    summary: (p) => `Change user ${p.username}`,
    changes: (p) =>
      changed([
        { field: FIELDS.email, from: p.before.email, to: p.email },
        { field: FIELDS.msisdn, from: p.before.msisdn, to: p.msisdn },
        { field: FIELDS.role, from: p.before.roleName, to: p.roleName },
      ]),
    subject: (p) => ({ id: p.userId, name: p.username }),
    plan: (tx, reviewer, p) => changes.updateUser(tx, reviewer, p.userId, userInputOf(p), p.version),
  };
  const userDeleteSpec: KindSpec<UserDelete> = {
    schema: userDelete,
    action: ADMIN_AUDIT_ACTIONS.userDeleted,
    target: (p) => ({ userId: p.userId }),
    summary: (p) => `Delete user ${p.username}`,
    changes: (p) => [
      { field: FIELDS.username, from: p.username, to: null },
      { field: FIELDS.email, from: p.email, to: null },
      { field: FIELDS.msisdn, from: p.msisdn, to: null },
      { field: FIELDS.role, from: p.roleName, to: null },
    ],
    subject: (p) => ({ id: p.userId, name: p.username }),
    plan: (tx, reviewer, p) => changes.deleteUser(tx, reviewer, p.userId, p.version),
  };
  const roleCreateSpec: KindSpec<RoleCreate> = {
    schema: roleCreate,
    action: ADMIN_AUDIT_ACTIONS.roleCreated,
    target: (p) => ({ role: p.role }),
    summary: (p) => `Create role ${p.role}`,
    changes: (p) => [
      { field: FIELDS.name, from: null, to: p.role },
      { field: FIELDS.permissions, from: null, to: listed(p.permissions) },
    ],
    plan: (tx, _reviewer, p) => changes.createRole(tx, roleInputOf(p)),
  };
  const roleUpdateSpec: KindSpec<RoleUpdate> = {
    schema: roleUpdate,
    action: ADMIN_AUDIT_ACTIONS.roleUpdated,
    target: (p) => ({ roleId: p.roleId }),
    summary: (p) => `Change role ${p.before.role}`,
    changes: (p) =>
      changed([
        { field: FIELDS.name, from: p.before.role, to: p.role },
        { field: FIELDS.permissions, from: listed(p.before.permissions), to: listed(p.permissions) },
      ]),
    plan: (tx, reviewer, p) => changes.updateRole(tx, reviewer, p.roleId, roleInputOf(p), p.version),
  };
  const roleDeleteSpec: KindSpec<RoleDelete> = {
    schema: roleDelete,
    action: ADMIN_AUDIT_ACTIONS.roleDeleted,
    target: (p) => ({ roleId: p.roleId }),
    summary: (p) => `Delete role ${p.role}`,
    changes: (p) => [
      { field: FIELDS.name, from: p.role, to: null },
      { field: FIELDS.permissions, from: listed(p.permissions), to: null },
    ],
    plan: (tx, _reviewer, p) => changes.deleteRole(tx, p.roleId, p.version),
  };
  return {
    USER_CREATE: userCreateSpec,
    USER_UPDATE: userUpdateSpec,
    USER_DELETE: userDeleteSpec,
    ROLE_CREATE: roleCreateSpec,
    ROLE_UPDATE: roleUpdateSpec,
    ROLE_DELETE: roleDeleteSpec,
  };
}
