// The support console's Members area (issue 15, docs/support.md "Members"). Support and admins;
// role changes are admin-only (requireAdmin). Every action is audited by its service.
import {
  ZAdjustCoinsRequest,
  ZAdjustCoinsResponse,
  ZChangeRoleRequest,
  ZGetConsoleMemberResponse,
  ZListMemberLedgerRequest,
  ZListMemberLedgerResponse,
  ZMemberActionRequest,
  ZMemberActionResponse,
  ZMemberIdParams,
  ZSearchMembersRequest,
  ZSearchMembersResponse,
} from '@velvet/contracts/admin/members';
import { ZErrorResponse } from '@velvet/contracts/common';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adjustMemberCoins } from '../../services/members/console-adjust-coins.ts';
import {
  changeMemberRole,
  muteMemberFromConsole,
  restoreMemberFromConsole,
  suspendMemberFromConsole,
} from '../../services/members/console-member-actions.ts';
import { getConsoleMemberContext } from '../../services/members/console-member-context.ts';
import { listMemberLedger } from '../../services/members/console-member-ledger.ts';
import { searchMembersForConsole } from '../../services/members/console-search-members.ts';
import { consoleActor } from './actor.ts';

// 400, 401 and 403 are documented from the guard and the input (plugins/external/swagger.ts).
const notFound = { 404: ZErrorResponse };
const conflict = { 409: ZErrorResponse };
const tags = ['admin'];

const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, redis, config } = app.services;

  app.get(
    API_PATHS.adminMembers,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'searchMembers',
        summary: 'Members whose email or nickname starts with q (any case), newest first, keyset paged',
        querystring: ZSearchMembersRequest,
        response: { 200: ZSearchMembersResponse },
      },
    },
    async (request) => searchMembersForConsole(db, request.query),
  );

  app.get(
    API_PATHS.adminMember,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'getConsoleMember',
        summary: "A member's profile: standing, balance, recent generations, payments and claims",
        params: ZMemberIdParams,
        response: { 200: ZGetConsoleMemberResponse, ...notFound },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      member: await getConsoleMemberContext(db, request.params.member_id.toLowerCase()),
    }),
  );

  app.get(
    API_PATHS.adminMemberLedger,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'listMemberLedger',
        summary: "A member's ledger history, newest first, keyset paged",
        params: ZMemberIdParams,
        querystring: ZListMemberLedgerRequest,
        response: { 200: ZListMemberLedgerResponse, ...notFound },
      },
    },
    async (request) => listMemberLedger(db, request.params.member_id.toLowerCase(), request.query),
  );

  app.post(
    API_PATHS.adminMemberCoins,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'adjustMemberCoins',
        summary: 'Add or take coins through the ledger with a reason; a repeated request_id posts once',
        params: ZMemberIdParams,
        body: ZAdjustCoinsRequest,
        response: { 200: ZAdjustCoinsResponse, ...notFound, ...conflict },
      },
    },
    async (request) =>
      adjustMemberCoins({ db, redis }, consoleActor(request), request.params.member_id.toLowerCase(), request.body),
  );

  app.post(
    API_PATHS.adminMemberMute,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'muteMember',
        summary: 'Mute a member from generating for the configured mute time',
        params: ZMemberIdParams,
        body: ZMemberActionRequest,
        response: { 200: ZMemberActionResponse, ...notFound, ...conflict },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      member: await muteMemberFromConsole(
        { db, config },
        consoleActor(request),
        request.params.member_id.toLowerCase(),
        request.body.reason,
      ),
    }),
  );

  app.post(
    API_PATHS.adminMemberSuspend,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'suspendMember',
        summary: 'Suspend an account: its sign-in and every token are refused until restored',
        params: ZMemberIdParams,
        body: ZMemberActionRequest,
        response: { 200: ZMemberActionResponse, ...notFound, ...conflict },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      member: await suspendMemberFromConsole(
        { db },
        consoleActor(request),
        request.params.member_id.toLowerCase(),
        request.body.reason,
      ),
    }),
  );

  app.post(
    API_PATHS.adminMemberRestore,
    {
      onRequest: app.requireSupport,
      schema: {
        tags,
        operationId: 'restoreMember',
        summary: "Lift a member's suspension and mute",
        params: ZMemberIdParams,
        body: ZMemberActionRequest,
        response: { 200: ZMemberActionResponse, ...notFound, ...conflict },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      member: await restoreMemberFromConsole(
        { db },
        consoleActor(request),
        request.params.member_id.toLowerCase(),
        request.body.reason,
      ),
    }),
  );

  app.put(
    API_PATHS.adminMemberRole,
    {
      // Grants and role changes: admins only.
      onRequest: app.requireAdmin,
      schema: {
        tags,
        operationId: 'changeMemberRole',
        summary: "Change a member's role (member, support or admin); admins only",
        params: ZMemberIdParams,
        body: ZChangeRoleRequest,
        response: { 200: ZMemberActionResponse, ...notFound, ...conflict },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      member: await changeMemberRole(
        { db },
        consoleActor(request),
        request.params.member_id.toLowerCase(),
        request.body,
      ),
    }),
  );
};

export default membersRoutes;
