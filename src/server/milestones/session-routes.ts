import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoints } from '#shared/endpoints.ts';
import { errorBodySchema } from '#shared/errors.ts';
import {
  adminMilestoneSchema,
  adminMilestonesSchema,
  adminRewardSchema,
  adminRewardsSchema,
  collectRewardSchema,
  milestoneInputSchema,
  rewardSearchSchema,
} from '#shared/milestones.ts';
import { idParamsSchema } from '#shared/params.ts';
import type { AppDeps } from '../app-deps.ts';
import { csvHeaders } from '../audit-trail/csv.ts';
import { signedInUserId } from '../auth/guards.ts';
import { clearPublicReadsEverywhere } from '../public-reads/public-reads.ts';
import {
  adminMilestonesOf,
  collectReward,
  createMilestone,
  deleteMilestone,
  findRewards,
  rewardsCsv,
  updateMilestone,
} from './service.ts';

/**
 * The organizer's milestones and the counter where rewards are collected (docs/decisions/0046):
 * the rules live in service.ts. A tier's change moves every page and pass that shows it.
 */
export async function milestoneSessionRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock, changes, config } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = {
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
  };

  api.get(
    endpoints.adminMilestones.path,
    { schema: { params: idParamsSchema, response: { 200: adminMilestonesSchema, ...errors } } },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return adminMilestonesOf(db, request.params.id);
    },
  );

  api.post(
    endpoints.createMilestone.path,
    {
      schema: {
        params: idParamsSchema,
        body: milestoneInputSchema,
        response: { 201: adminMilestoneSchema, ...errors },
      },
    },
    async (request, reply) => {
      const milestone = await createMilestone(
        db,
        {
          challengeId: request.params.id,
          milestone: request.body,
          now: clock(),
        },
        config.languages,
      );
      await clearPublicReadsEverywhere(deps, request.log);
      return reply.status(201).send(milestone);
    },
  );

  api.put(
    endpoints.updateMilestone.path,
    {
      schema: {
        params: idParamsSchema,
        body: milestoneInputSchema,
        response: { 200: adminMilestoneSchema, ...errors },
      },
    },
    async (request) => {
      const milestone = await updateMilestone(
        db,
        {
          milestoneId: request.params.id,
          milestone: request.body,
          now: clock(),
        },
        config.languages,
      );
      await clearPublicReadsEverywhere(deps, request.log);
      return milestone;
    },
  );

  api.delete(
    endpoints.deleteMilestone.path,
    { schema: { params: idParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteMilestone(db, { milestoneId: request.params.id, now: clock() });
      await clearPublicReadsEverywhere(deps, request.log);
      return reply.status(204).send(null);
    },
  );

  api.get(
    endpoints.rewardsCsv.path,
    // Typed as text; Fastify sends a string body as it is, without the JSON serializer.
    { schema: { params: idParamsSchema, response: { 200: z.string(), ...errors } } },
    async (request, reply) => {
      const csv = await rewardsCsv(db, request.params.id);
      return reply.headers(csvHeaders(`rewards-challenge-${request.params.id}.csv`)).send(csv);
    },
  );

  api.get(
    endpoints.adminRewards.path,
    {
      schema: { querystring: rewardSearchSchema, response: { 200: adminRewardsSchema, ...errors } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return findRewards(db, request.query.search);
    },
  );

  api.post(
    endpoints.collectReward.path,
    { schema: { body: collectRewardSchema, response: { 200: adminRewardSchema, ...errors } } },
    async (request) => {
      const { reward, passId } = await collectReward(db, {
        pickupCode: request.body.pickupCode,
        collectedBy: signedInUserId(request),
        now: clock(),
      });
      // The holder's pass shows it collected at its next poll (docs/decisions/0032).
      changes.announcePassChange(passId);
      return reward;
    },
  );
}
