import { ZErrorResponse } from '@velvet/contracts/common';
import { ZDeleteMemberResponse } from '@velvet/contracts/members/delete-member';
import { ZGetMemberResponse } from '@velvet/contracts/members/get-member';
import { ZUpdateMemberRequest, ZUpdateMemberResponse } from '@velvet/contracts/members/update-member';
import { API_PATHS } from '@velvet/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteAccount } from '../../services/members/delete-account.ts';
import { getMember } from '../../services/members/get-member.ts';
import { changeNickname } from '../../services/members/update-nickname.ts';

const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.get(
    API_PATHS.getMember,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['members'],
        operationId: 'getMember',
        summary: 'The signed-in member: session fields, tier and membership expiry',
        response: { 200: ZGetMemberResponse, 404: ZErrorResponse },
      },
    },
    async (request) => getMember(db, request.user.sub),
  );

  app.put(
    API_PATHS.updateMember,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['members'],
        operationId: 'updateNickname',
        summary: 'Change the nickname',
        body: ZUpdateMemberRequest,
        response: { 200: ZUpdateMemberResponse, 409: ZErrorResponse },
      },
    },
    async (request) => {
      const nicname = await changeNickname(db, request.user.sub, request.body.nicname);
      return { status: 'success' as const, nicname, message: 'Your nickname has been updated.' };
    },
  );

  app.delete(
    API_PATHS.deleteMember,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['members'],
        operationId: 'deleteAccount',
        summary: 'Delete the account: anonymise the member, unpublish their images, keep the ledger',
        response: { 200: ZDeleteMemberResponse, 404: ZErrorResponse },
      },
    },
    async (request) => {
      await deleteAccount(db, request.user.sub);
      return { status: 'success' as const, message: 'Your account has been deleted.' };
    },
  );
};

export default memberRoutes;
