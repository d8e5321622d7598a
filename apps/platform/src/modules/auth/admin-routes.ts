import type { FastifyRequest } from 'fastify';
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
import { ERROR_CODES, errorBodySchema } from '@web-control/contract/errors';
import type { Permission } from '@web-control/contract/permissions';
import { AppError, UNAUTHENTICATED_MESSAGE } from '../../errors.ts';
import type { AdminContext, AdminService } from './admin-service.ts';

export interface AdminRoutesOptions {
  service: AdminService;
}

const MANAGE_USERS = { permissions: ['MANAGE_USERS'] as const satisfies readonly Permission[] };
const BEARER = [{ bearerAuth: [] }];
const MAX_INTEGER_ID = 2_147_483_647;

const userParamsSchema = z.object({ userId: z.guid('A user id is a UUID') });
const roleParamsSchema = z.object({ roleId: z.coerce.number().int().min(1).max(MAX_INTEGER_ID) });
const noContentSchema = z.null().describe('Done');

const refusals = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

function contextOf(request: FastifyRequest): AdminContext {
  if (request.user === null) {
    // The guard has already turned away anyone unsigned; this keeps the types honest.
    throw new AppError(401, ERROR_CODES.unauthenticated, UNAUTHENTICATED_MESSAGE);
  }
  return { actorId: request.user.id, actor: request.user.username, clientAddress: request.ip };
}

/** User and role administration, all behind MANAGE_USERS. */
export const adminRoutes: FastifyPluginCallbackZod<AdminRoutesOptions> = (app, { service }, done) => {
  app.get(
    '/manage/users',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['admin'],
        summary: 'List users, ordered by username',
        security: BEARER,
        response: { 200: usersResponseSchema, ...refusals },
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
        summary: 'One user with their role',
        security: BEARER,
        params: userParamsSchema,
        response: { 200: userSchema, ...refusals, 404: errorBodySchema },
      },
    },
    async (request) => service.getUser(request.params.userId),
  );

  app.post(
    '/manage/users',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['admin'],
        summary: 'Create a user (no password yet) and e-mail them an enrolment link',
        security: BEARER,
        body: userInputSchema,
        response: { 201: createdUserSchema, ...refusals, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const created = await service.createUser(request.body, contextOf(request));
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/manage/users/:userId',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['admin'],
        summary: 'Update a user’s e-mail, mobile number and role (the username cannot change)',
        security: BEARER,
        params: userParamsSchema,
        body: userInputSchema,
        response: { 204: noContentSchema, ...refusals, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      await service.updateUser(request.params.userId, request.body, contextOf(request));
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/manage/users/:userId',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['admin'],
        summary: 'Delete a user; their sessions end at once',
        security: BEARER,
        params: userParamsSchema,
        response: { 204: noContentSchema, ...refusals, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      await service.deleteUser(request.params.userId, contextOf(request));
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
        security: BEARER,
        response: { 200: rolesResponseSchema, ...refusals },
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
        security: BEARER,
        body: roleInputSchema,
        response: { 201: createdRoleSchema, ...refusals, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const created = await service.createRole(request.body, contextOf(request));
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/manage/roles/:roleId',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['admin'],
        summary: 'Rename a role and replace its permissions',
        security: BEARER,
        params: roleParamsSchema,
        body: roleInputSchema,
        response: { 204: noContentSchema, ...refusals, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      await service.updateRole(request.params.roleId, request.body, contextOf(request));
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/manage/roles/:roleId',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['admin'],
        summary: 'Delete a role nobody holds',
        security: BEARER,
        params: roleParamsSchema,
        response: { 204: noContentSchema, ...refusals, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      await service.deleteRole(request.params.roleId, contextOf(request));
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
        security: BEARER,
        response: { 200: permissionsResponseSchema, ...refusals },
      },
    },
    async () => ({ permissions: await service.listPermissions() }),
  );
  done();
};
