import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdRoleSchema,
  createdUserSchema,
  permissionsResponseSchema,
  roleInputSchema,
  rolesResponseSchema,
  signInLockSchema,
  userInputSchema,
  userSchema,
  usersResponseSchema,
} from '@web-control/contract/admin';
import { sentForReviewSchema } from '@web-control/contract/reviews';
import { entityTagOf } from '@web-control/contract/versions';
import { actorOf } from '../../plugins/auth-guard.ts';
import {
  BEARER_SECURITY,
  expectedVersionOf,
  NO_CONTENT_SCHEMA,
  permissions,
  refusals,
} from '../../plugins/route-helpers.ts';
import type { AdminReviews } from './admin-reviews.ts';
import type { AdminService } from './admin-service.ts';

export interface AdminRoutesOptions {
  service: AdminService;
  reviews: AdminReviews;
  /** FOUR_EYES=admin: a user or role change becomes a request for another administrator to approve. */
  fourEyes: boolean;
}

const MANAGE_USERS = permissions('MANAGE_USERS');
/** A change honours an Idempotency-Key: a retried request is not asked (or made) twice. */
const MANAGE_USERS_CHANGE = { ...MANAGE_USERS, idempotent: true };
const FOUR_EYES_NOTE = ' With FOUR_EYES=admin: 202, a request another administrator approves';
const SENT = { 202: sentForReviewSchema };
const MAX_INTEGER_ID = 2_147_483_647;

const userParamsSchema = z.object({ userId: z.guid('A user id is a UUID') });
const roleParamsSchema = z.object({ roleId: z.coerce.number().int().min(1).max(MAX_INTEGER_ID) });
/** User and role administration, all behind MANAGE_USERS. */
export const adminRoutes: FastifyPluginCallbackZod<AdminRoutesOptions> = (
  app,
  { service, reviews, fourEyes },
  done,
) => {
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
      config: MANAGE_USERS_CHANGE,
      schema: {
        tags: ['admin'],
        summary: `Create a user (no password yet) and e-mail them an enrolment link.${FOUR_EYES_NOTE}`,
        security: BEARER_SECURITY,
        body: userInputSchema,
        response: { 201: createdUserSchema, ...SENT, ...refusals(409) },
      },
    },
    async (request, reply) => {
      if (fourEyes) {
        return reply.code(202).send(await reviews.createUser(actorOf(request), request.body));
      }
      const created = await service.createUser(request.body, actorOf(request));
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/manage/users/:userId',
    {
      config: MANAGE_USERS_CHANGE,
      schema: {
        tags: ['admin'],
        summary: `Update a user’s e-mail, mobile number and role (the username cannot change); with If-Match: "<version>" only that version, else 409 with the user as they are now.${FOUR_EYES_NOTE}`,
        security: BEARER_SECURITY,
        params: userParamsSchema,
        body: userInputSchema,
        response: { 204: NO_CONTENT_SCHEMA, ...SENT, ...refusals(404, 409) },
      },
    },
    async (request, reply) => {
      if (fourEyes) {
        const { userId } = request.params;
        const sent = await reviews.updateUser(
          actorOf(request),
          userId,
          request.body,
          expectedVersionOf(request),
        );
        return reply.code(202).send(sent);
      }
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
      config: MANAGE_USERS_CHANGE,
      schema: {
        tags: ['admin'],
        summary: `Delete a user; their sessions end at once.${FOUR_EYES_NOTE}`,
        security: BEARER_SECURITY,
        params: userParamsSchema,
        response: { 204: NO_CONTENT_SCHEMA, ...SENT, ...refusals(404, 409) },
      },
    },
    async (request, reply) => {
      if (fourEyes) {
        return reply.code(202).send(await reviews.deleteUser(actorOf(request), request.params.userId));
      }
      await service.deleteUser(request.params.userId, actorOf(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/manage/users/:userId/sign-in-lock',
    {
      config: MANAGE_USERS,
      schema: {
        tags: ['admin'],
        summary:
          'Whether wrong passwords keep the user out (until when), and how many were typed in a row (since the last sign-in, lock or unlock)',
        security: BEARER_SECURITY,
        params: userParamsSchema,
        response: { 200: signInLockSchema, ...refusals(404) },
      },
    },
    async (request) => service.getSignInLock(request.params.userId),
  );

  app.delete(
    '/manage/users/:userId/sign-in-lock',
    {
      config: MANAGE_USERS_CHANGE,
      schema: {
        tags: ['admin'],
        summary:
          'Lift a lock that keeps the user out of password sign-in (409 when none holds); made at once, with FOUR_EYES=admin too',
        security: BEARER_SECURITY,
        params: userParamsSchema,
        response: { 204: NO_CONTENT_SCHEMA, ...refusals(404, 409) },
      },
    },
    async (request, reply) => {
      await service.unlockSignIn(request.params.userId, actorOf(request));
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
      config: MANAGE_USERS_CHANGE,
      schema: {
        tags: ['admin'],
        summary: `Create a role.${FOUR_EYES_NOTE}`,
        security: BEARER_SECURITY,
        body: roleInputSchema,
        response: { 201: createdRoleSchema, ...SENT, ...refusals(409) },
      },
    },
    async (request, reply) => {
      if (fourEyes) {
        return reply.code(202).send(await reviews.createRole(actorOf(request), request.body));
      }
      const created = await service.createRole(request.body, actorOf(request));
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/manage/roles/:roleId',
    {
      config: MANAGE_USERS_CHANGE,
      schema: {
        tags: ['admin'],
        summary: `Rename a role and replace its permissions; with If-Match: "<version>" only that version, else 409 with the role as it is now.${FOUR_EYES_NOTE}`,
        security: BEARER_SECURITY,
        params: roleParamsSchema,
        body: roleInputSchema,
        response: { 204: NO_CONTENT_SCHEMA, ...SENT, ...refusals(404, 409) },
      },
    },
    async (request, reply) => {
      if (fourEyes) {
        const { roleId } = request.params;
        const sent = await reviews.updateRole(
          actorOf(request),
          roleId,
          request.body,
          expectedVersionOf(request),
        );
        return reply.code(202).send(sent);
      }
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
      config: MANAGE_USERS_CHANGE,
      schema: {
        tags: ['admin'],
        summary: `Delete a role nobody holds.${FOUR_EYES_NOTE}`,
        security: BEARER_SECURITY,
        params: roleParamsSchema,
        response: { 204: NO_CONTENT_SCHEMA, ...SENT, ...refusals(404, 409) },
      },
    },
    async (request, reply) => {
      if (fourEyes) {
        return reply.code(202).send(await reviews.deleteRole(actorOf(request), request.params.roleId));
      }
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
