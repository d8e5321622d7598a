import { sql } from 'kysely';
import { z } from 'zod';
import { text } from '@web-control/contract/inputs';
import type { Db } from '../../db/schema.ts';
import { streamQuery } from '../exports/cursor.ts';
import type { ExportDefinition } from '../exports/service.ts';

/** The list's Find box: names containing it, whatever their case (none: every name). */
const findSchema = z.object({ q: text().max(128).optional() });
type Find = z.infer<typeof findSchema>;

function containing(column: string, q: string | undefined) {
  return q === undefined || q === ''
    ? sql<boolean>`true`
    : sql<boolean>`strpos(lower(${sql.ref(column)}), lower(${q})) > 0`;
}

/** The users as the list orders them, with the fields their detail shows. */
export function createUsersExport(db: Db): ExportDefinition<Find> {
  return {
    permissions: ['MANAGE_USERS'],
    querySchema: findSchema,
    fileName: 'users.csv',
    header: ['Username', 'Email', 'Mobile number', 'Role'],
    writeRows: async (query, _exporter, write) => {
      const users = db
        .selectFrom('users')
        .leftJoin('roles', 'roles.role_id', 'users.role_id')
        .select(['users.username', 'users.email', 'users.msisdn', 'roles.name as role'])
        .where(containing('users.username', query.q))
        .orderBy(sql`lower(users.username)`)
        .orderBy('users.username');
      await streamQuery(db, users, (rows) =>
        write(rows.map((row) => [row.username, row.email ?? '', row.msisdn ?? '', row.role ?? ''])),
      );
    },
  };
}

/** The roles as the list orders them, each with its permissions (space-separated, by name). */
export function createRolesExport(db: Db): ExportDefinition<Find> {
  return {
    permissions: ['MANAGE_USERS'],
    querySchema: findSchema,
    fileName: 'roles.csv',
    header: ['Role', 'Permissions'],
    writeRows: async (query, _exporter, write) => {
      const roles = db
        .selectFrom('roles')
        .select((eb) => [
          'roles.name',
          eb
            .selectFrom('role_permissions')
            .innerJoin('permissions', 'permissions.permission_id', 'role_permissions.permission_id')
            .select(
              sql<string | null>`string_agg(permissions.name, ' ' order by permissions.name)`.as('names'),
            )
            .whereRef('role_permissions.role_id', '=', 'roles.role_id')
            .as('permissions'),
        ])
        .where(containing('roles.name', query.q))
        .orderBy(sql`lower(roles.name)`)
        .orderBy('roles.role_id');
      await streamQuery(db, roles, (rows) => write(rows.map((row) => [row.name, row.permissions ?? ''])));
    },
  };
}
