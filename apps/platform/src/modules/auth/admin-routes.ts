import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdRoleSchema,
  createdUserSchema,
  permissionsResponseSchema,
  roleInputSchema,
  rolesResponseSchema,
  userInputSchema,
  userSchema,
  usersResponseSchema,
} from '@web-control/contract/admin';
import { entityTagOf } from '@web-control/contract/versions';
import { actorOf } from '../../plugins/auth-guard.ts';
import {
  BEARER_SECURITY,
  expectedVersionOf,
  NO_CONTENT_SCHEMA,
  permissions,
  refusals,
} from '../../plugins/route-helpers.ts';
import type { AdminService } from './admin-service.ts';

export interface AdminRoutesOptions {
  service: AdminService;
}

const MANAGE_USERS = permissions('MANAGE_USERS');
const MAX_INTEGER_ID = 2_147_483_647;

const userParamsSchema = z.object({ userId: z.guid('A user id is a UUID') });
const roleParamsSchema = z.object({ roleId: z.coerce.number().int().min(1).max(MAX_INTEGER_ID) });
/** User and role administration, all behind MANAGE_USERS. */
export const adminRoutes: FastifyPluginCallbackZod<AdminRoutesOptions> = (app, { service }, done) => {
  app.get(
    '/manage/users',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['admin'],
        summary: 'List users, ordered by username',
        security: BEARER_SECURITY,
        response: { 200: usersResponseSchema, ...refusals() },
      },
    },
    async () => ({ users: await service.listUsers() }),
  );

  app.get(
    '/manage/users/:userId',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['admin'],
        summary: 'One user with their role; the ETag is their version',
        security: BEARER_SECURITY,
        params: userParamsSchema,
        response: { 200: userSchema, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const user = await service.getUser(request.params.userId);
      return reply.header('etag', entityTagOf(user.version)).send(user);
    },
  );

  app.post(
    '/manage/users',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['admin'],
        summary: 'Create a user (no password yet) and e-mail them an enrolment link',
        security: BEARER_SECURITY,
        body: userInputSchema,
        response: { 201: createdUserSchema, ...refusals(409) },
      },
    },
    async (request, reply) => {
      const created = await service.createUser(request.body, actorOf(request));
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/manage/users/:userId',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['admin'],
        summary:
          'Update a user’s e-mail, mobile number and role (the username cannot change); with If-Match: "<version>" only that version, else 409 with the user as they are now',
        security: BEARER_SECURITY,
        params: userParamsSchema,
        body: userInputSchema,
        response: { 204: NO_CONTENT_SCHEMA, ...refusals(404, 409) },
      },
    },
    async (request, reply) => {
      const version = await service.updateUser(
        request.params.userId,
        request.body,
        actorOf(request),
        expectedVersionOf(request),
      );
      return reply.code(204).header('etag', entityTagOf(version)).send(null);
    },
  );

  app.delete(
    '/manage/users/:userId',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['admin'],
        summary: 'Delete a user; their sessions end at once',
        security: BEARER_SECURITY,
        params: userParamsSchema,
        response: { 204: NO_CONTENT_SCHEMA, ...refusals(404, 409) },
      },
    },
    async (request, reply) => {
      await service.deleteUser(request.params.userId, actorOf(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/manage/roles',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['admin'],
        summary: 'List roles with their permissions',
        security: BEARER_SECURITY,
        response: { 200: rolesResponseSchema, ...refusals() },
      },
    },
    async () => ({ roles: await service.listRoles() }),
  );

  app.post(
    '/manage/roles',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['admin'],
        summary: 'Create a role',
        security: BEARER_SECURITY,
        body: roleInputSchema,
        response: { 201: createdRoleSchema, ...refusals(409) },
      },
    },
    async (request, reply) => {
      const created = await service.createRole(request.body, actorOf(request));
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/manage/roles/:roleId',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['admin'],
        summary:
          'Rename a role and replace its permissions; with If-Match: "<version>" only that version, else 409 with the role as it is now',
        security: BEARER_SECURITY,
        params: roleParamsSchema,
        body: roleInputSchema,
        response: { 204: NO_CONTENT_SCHEMA, ...refusals(404, 409) },
      },
    },
    async (request, reply) => {
      const version = await service.updateRole(
        request.params.roleId,
        request.body,
        actorOf(request),
        expectedVersionOf(request),
      );
      return reply.code(204).header('etag', entityTagOf(version)).send(null);
    },
  );

  app.delete(
    '/manage/roles/:roleId',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['admin'],
        summary: 'Delete a role nobody holds',
        security: BEARER_SECURITY,
        params: roleParamsSchema,
        response: { 204: NO_CONTENT_SCHEMA, ...refusals(404, 409) },
      },
    },
    async (request, reply) => {
      await service.deleteRole(request.params.roleId, actorOf(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/manage/permissions',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['admin'],
        summary: 'List every permission',
        security: BEARER_SECURITY,
        response: { 200: permissionsResponseSchema, ...refusals() },
      },
    },
    async () => ({ permissions: await service.listPermissions() }),
  );
  done();
};
