import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_CHANGES_REVIEW_MESSAGE } from '@web-control/contract/approvals';
import { receiversResponseSchema } from '@web-control/contract/load-balancer';
import {
  lbReviewSchema,
  REVIEWS_REQUESTER_CARD_NUMBER_MESSAGE,
  reviewsResponseSchema,
  sentForReviewSchema,
} from '@web-control/contract/reviews';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { REVIEWS_MESSAGES } from './routes.ts';

const SERVICE = 'card-authorisations';
const RECEIVER = 'visa-base-i';
const RECEIVERS_URL = `/api/lb/${SERVICE}/receivers`;
const LB_EDITOR = ['VIEW_LOAD_BALANCER', 'EDIT_LOAD_BALANCER'] as const;

async function tokenOf(
  app: App,
  database: DatabaseHandle,
  permissions: Parameters<typeof createTestUser>[1],
) {
  const user = await createTestUser(database, permissions);
  return { ...user, token: (await login(app, user.username, user.password)).access_token };
}

function call(
  app: App,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  token: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(payload ? { payload } : {}),
  });
}

async function visa(app: App, token: string) {
  const answer = receiversResponseSchema.parse((await call(app, 'GET', RECEIVERS_URL, token)).json());
  const receiver = answer.receivers.find((each) => each.id === RECEIVER);
  if (receiver === undefined) throw new Error('the demo receiver is missing');
  return receiver;
}

describe.each(TEST_DATABASE_KINDS)('reviews inbox and FOUR_EYES on %s', (kind) => {
  describe('FOUR_EYES empty (the default): changes are made at once', () => {
    let database: DatabaseHandle;
    let app: App;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
      app = await buildTestApp({ database });
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });

    it('lists a map waiting for review to who approves maps, never to one of its authors', async () => {
      const MAP_EDITOR = ['VIEW_MAPPINGS', 'EDIT_MAPPINGS', 'APPROVE_MAPS'] as const;
      const author = await tokenOf(app, database, [...MAP_EDITOR]);
      const checker = await tokenOf(app, database, [...MAP_EDITOR]);
      const viewer = await tokenOf(app, database, ['VIEW_MAPPINGS']);
      const mapId = `inbox-${kind}`;
      expect(
        (await call(app, 'POST', '/api/config/maps', author.token, { id: mapId, name: 'Inbox map' }))
          .statusCode,
      ).toBe(201);
      const added = await call(app, 'POST', `/api/config/maps/${mapId}/mappings`, author.token, {
        key: 'A1',
        value: 'first',
      });
      expect(added.statusCode, added.body).toBe(204);
      const submitted = await call(app, 'POST', `/api/config/maps/${mapId}/versions`, author.token, {
        comment: 'Please review',
      });
      expect(submitted.statusCode, submitted.body).toBe(201);

      const inboxOf = async (token: string) =>
        reviewsResponseSchema.parse((await call(app, 'GET', '/api/reviews?area=config-maps', token)).json())
          .reviews;
      expect(await inboxOf(checker.token)).toContainEqual(
        expect.objectContaining({
          id: mapId,
          kind: 'MAP_REVIEW',
          area: 'config-maps',
          summary: 'Map Inbox map: 1 submitted version',
          requestedBy: author.username,
          scope: mapId,
        }),
      );
      // A requester is found whatever the case it is written in, as its user signs in.
      const byRequester = reviewsResponseSchema.parse(
        (
          await call(
            app,
            'GET',
            `/api/reviews?area=config-maps&requester=${author.username.toUpperCase()}`,
            checker.token,
          )
        ).json(),
      ).reviews;
      expect(byRequester.map((review) => review.id)).toEqual([mapId]);

      // A second submission joins the review: listed as the first's, found by either submitter.
      const second = await tokenOf(app, database, [...MAP_EDITOR]);
      const changed = await call(app, 'POST', `/api/config/maps/${mapId}/mappings`, second.token, {
        key: 'B1',
        value: 'second',
      });
      expect(changed.statusCode, changed.body).toBe(204);
      const resubmitted = await call(app, 'POST', `/api/config/maps/${mapId}/versions`, second.token, {
        comment: 'One more',
      });
      expect(resubmitted.statusCode, resubmitted.body).toBe(201);
      const bySecond = reviewsResponseSchema.parse(
        (
          await call(app, 'GET', `/api/reviews?area=config-maps&requester=${second.username}`, checker.token)
        ).json(),
      ).reviews;
      expect(bySecond).toEqual([
        expect.objectContaining({
          id: mapId,
          summary: 'Map Inbox map: 2 submitted versions',
          requestedBy: author.username,
        }),
      ]);
      expect(
        (await inboxOf(author.token)).map((review) => review.id),
        'never a review of one’s own changes',
      ).not.toContain(mapId);
      expect(
        (await call(app, 'GET', '/api/reviews?area=config-maps', viewer.token)).statusCode,
        'without a reviewer permission',
      ).toBe(403);
    });

    it('names a finance request as its approval does, with its process', async () => {
      const requester = await tokenOf(app, database, ['VIEW_PROCESSES', 'SUBMIT_ACTIONS']);
      const approver = await tokenOf(app, database, ['VIEW_PROCESSES', 'VIEW_ACTIONS', 'APPROVE_ACTIONS']);
      const fileName = 'card-switch-20260301.csv';
      const uploaded = await app.inject({
        method: 'POST',
        url: '/api/recon/files',
        payload: `rrn,amount,currency,transaction_date,merchant\nR1,100,ZAR,2026-03-01T10:00:00Z,Shop`,
        headers: {
          authorization: `Bearer ${requester.token}`,
          'content-type': 'text/csv',
          'finance-file-name': fileName,
          'finance-action-comment': 'Daily file',
          'finance-process-id': '1',
        },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const inbox = reviewsResponseSchema.parse(
        (await call(app, 'GET', '/api/reviews?area=finance', approver.token)).json(),
      );
      expect(inbox.reviews).toContainEqual(
        expect.objectContaining({
          kind: 'LOAD_FILE',
          area: 'finance',
          summary: `Load file ${fileName} (Card acquiring)`,
          requestedBy: requester.username,
          scope: '1',
        }),
      );
      const byRequester = reviewsResponseSchema.parse(
        (
          await call(
            app,
            'GET',
            `/api/reviews?area=finance&requester=${requester.username.toUpperCase()}`,
            approver.token,
          )
        ).json(),
      );
      expect(byRequester.reviews.map((review) => review.requestedBy)).toEqual([requester.username]);
    });

    it('sets a weight directly and leaves nothing to review', async () => {
      const maker = await tokenOf(app, database, [...LB_EDITOR]);
      const checker = await tokenOf(app, database, [...LB_EDITOR]);
      const answer = await call(app, 'PUT', `${RECEIVERS_URL}/${RECEIVER}/weight`, maker.token, {
        weight: 321,
      });
      expect(answer.statusCode).toBe(204);
      expect((await visa(app, maker.token)).weight).toBe(321);
      const inbox = reviewsResponseSchema.parse(
        (await call(app, 'GET', '/api/reviews', checker.token)).json(),
      );
      expect(inbox).toEqual({ reviews: [], total: 0 });
    });

    it('tells the console no area sends its changes for review', async () => {
      const script = await app.inject({ method: 'GET', url: '/config.js' });
      expect(script.body).toContain('"fourEyes": []');
    });
  });

  describe('FOUR_EYES=load-balancer: a receiver change is a request another user approves', () => {
    let database: DatabaseHandle;
    let app: App;
    let maker: Awaited<ReturnType<typeof tokenOf>>;
    let checker: Awaited<ReturnType<typeof tokenOf>>;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
      app = await buildTestApp({ database, settings: { fourEyes: 'load-balancer' } });
      maker = await tokenOf(app, database, [...LB_EDITOR]);
      checker = await tokenOf(app, database, [...LB_EDITOR]);
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });

    it('tells the console, so load balancer editors see the Reviews menu entry', async () => {
      const script = await app.inject({ method: 'GET', url: '/config.js' });
      expect(script.body).toContain('"fourEyes": [\n    "load-balancer"\n  ]');
    });

    async function ask(change: { weight: number } | { active: boolean }) {
      const path = 'weight' in change ? 'weight' : 'active';
      const answer = await call(app, 'PUT', `${RECEIVERS_URL}/${RECEIVER}/${path}`, maker.token, change);
      expect(answer.statusCode, answer.body).toBe(202);
      return sentForReviewSchema.parse(answer.json()).requestId;
    }

    it('asks for review once when an unanswered change is sent again with its Idempotency-Key', async () => {
      const key = { 'idempotency-key': 'f0e1d2c3-b4a5-4697-8879-6a5b4c3d2e1f' };
      const url = `${RECEIVERS_URL}/${RECEIVER}/active`;
      const first = await call(app, 'PUT', url, maker.token, { active: false }, key);
      const replay = await call(app, 'PUT', url, maker.token, { active: false }, key);
      expect(first.statusCode, first.body).toBe(202);
      expect(replay.statusCode).toBe(202);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(first.json());
      const inbox = reviewsResponseSchema.parse(
        (await call(app, 'GET', '/api/reviews?area=load-balancer', checker.token)).json(),
      );
      expect(inbox.reviews.filter((review) => review.kind === 'RECEIVER_ACTIVE')).toHaveLength(1);
      const rejected = await call(
        app,
        'POST',
        `/api/lb/reviews/${sentForReviewSchema.parse(first.json()).requestId}/reject`,
        checker.token,
        { comment: 'not now' },
      );
      expect(rejected.statusCode, rejected.body).toBe(200);
    });

    it('exports the inbox with the screen’s columns, the age in whole seconds', async () => {
      const requestId = await ask({ weight: 77 });
      const issued = await call(app, 'POST', '/api/exports/reviews/token', checker.token, {
        area: 'load-balancer',
      });
      expect(issued.statusCode, issued.body).toBe(200);
      const { token } = issued.json<{ token: string }>();
      const download = await app.inject({ url: `/api/exports/reviews?access_token=${token}` });
      const [header, ...rows] = download.body.trimEnd().split('\r\n');
      expect(header).toBe('Kind,Area,Summary,Requested by,When,Age');
      expect(rows).toEqual([
        expect.stringMatching(
          new RegExp(
            `^RECEIVER_WEIGHT,load-balancer,Set the weight of Visa Base I \\(${SERVICE}\\) to 77,${maker.username},\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,\\d+$`,
          ),
        ),
      ]);
      await call(app, 'POST', `/api/lb/reviews/${requestId}/reject`, checker.token, { comment: 'no' });
    });

    it('sends the change for review, lists it for others only, and makes it on approval', async () => {
      const before = await visa(app, maker.token);
      const requestId = await ask({ weight: 123 });
      expect((await visa(app, maker.token)).weight, 'nothing changes until approved').toBe(before.weight);

      const own = reviewsResponseSchema.parse((await call(app, 'GET', '/api/reviews', maker.token)).json());
      expect(
        own.reviews.map((review) => review.id),
        'never one’s own',
      ).not.toContain(requestId);
      const inbox = reviewsResponseSchema.parse(
        (await call(app, 'GET', '/api/reviews?area=load-balancer', checker.token)).json(),
      );
      expect(inbox.reviews).toEqual([
        expect.objectContaining({
          id: requestId,
          kind: 'RECEIVER_WEIGHT',
          area: 'load-balancer',
          summary: `Set the weight of Visa Base I (${SERVICE}) to 123`,
          requestedBy: maker.username,
          scope: SERVICE,
        }),
      ]);
      expect((await call(app, 'GET', '/api/reviews/count', checker.token)).json()).toEqual({ count: 1 });

      const ownDecision = await call(app, 'POST', `/api/lb/reviews/${requestId}/approve`, maker.token, {
        comment: 'mine',
      });
      expect(ownDecision.statusCode).toBe(403);
      expect(ownDecision.json()).toMatchObject({ errorMessage: OWN_CHANGES_REVIEW_MESSAGE });

      const approved = await call(app, 'POST', `/api/lb/reviews/${requestId}/approve`, checker.token, {
        comment: 'fine',
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(lbReviewSchema.parse(approved.json()).status).toBe('APPROVED');
      expect((await visa(app, maker.token)).weight).toBe(123);
      const again = await call(app, 'POST', `/api/lb/reviews/${requestId}/approve`, checker.token, {
        comment: 'twice',
      });
      expect(again.statusCode, 'an approval runs once').toBe(409);
      expect((await call(app, 'GET', '/api/reviews/count', checker.token)).json()).toEqual({ count: 0 });
    });

    it('a rejection changes nothing', async () => {
      const requestId = await ask({ active: false });
      const rejected = await call(app, 'POST', `/api/lb/reviews/${requestId}/reject`, checker.token, {
        comment: 'not now',
      });
      expect(rejected.statusCode).toBe(200);
      expect((await visa(app, maker.token)).isActive).toBe(true);
    });

    it('applies only while the receiver is at the version it was asked against', async () => {
      const first = await ask({ weight: 10 });
      const second = await ask({ weight: 20 });
      expect(
        (await call(app, 'POST', `/api/lb/reviews/${first}/approve`, checker.token, { comment: 'ok' }))
          .statusCode,
      ).toBe(200);
      const stale = await call(app, 'POST', `/api/lb/reviews/${second}/approve`, checker.token, {
        comment: 'ok',
      });
      expect(stale.statusCode).toBe(409);
      expect((await visa(app, maker.token)).weight).toBe(10);
      const pending = lbReviewSchema.parse(
        (await call(app, 'GET', `/api/lb/reviews/${second}`, checker.token)).json(),
      );
      expect(pending.status, 'a refused approval leaves it pending').toBe('PENDING');
    });

    it('refuses the inbox to a user who may review nothing, and an unknown area or kind', async () => {
      const viewer = await tokenOf(app, database, ['VIEW_LOAD_BALANCER']);
      const refused = await call(app, 'GET', '/api/reviews', viewer.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ errorMessage: REVIEWS_MESSAGES.noReviewPermission });
      expect((await call(app, 'GET', '/api/reviews?area=nowhere', checker.token)).statusCode).toBe(400);
      for (const kind of ['BOGUS', '']) {
        const unknownKind = await call(app, 'GET', `/api/reviews?kind=${kind}`, checker.token);
        expect(unknownKind.statusCode, kind).toBe(400);
        expect(unknownKind.json<{ errorMessage: string }>().errorMessage, kind).toMatch(
          /^Invalid request: kind: /,
        );
      }
      const knownKind = await call(app, 'GET', '/api/reviews?kind=RECEIVER_WEIGHT', checker.token);
      expect(knownKind.statusCode).toBe(200);
      const requester = '4111 1111 1111 1111';
      const listed = await call(
        app,
        'GET',
        `/api/reviews?requester=${encodeURIComponent(requester)}`,
        checker.token,
      );
      const exported = await call(app, 'POST', '/api/exports/reviews/token', checker.token, { requester });
      expect(listed.json<{ errorMessage: string }>().errorMessage).toContain(
        REVIEWS_REQUESTER_CARD_NUMBER_MESSAGE,
      );
      for (const card of [listed, exported]) {
        expect(card.statusCode).toBe(400);
        expect(card.body, 'not echoed').not.toContain('4111');
      }
    });
  });
});
