// The signed-in member (spec section 7, Support and account): read it, change the nickname, delete the
// account. Every call carries the bearer token; a 401 opens the login modal.
import type { TDeleteMemberResponse } from '@velvet/contracts/members/delete-member';
import type { TGetMemberResponse } from '@velvet/contracts/members/get-member';
import type { TUpdateMemberRequest, TUpdateMemberResponse } from '@velvet/contracts/members/update-member';
import { API_PATHS } from '@velvet/contracts/routes';
import { api, endpointPath } from '../../lib/api.ts';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMember: build.query<TGetMemberResponse, void>({
      query: () => endpointPath(API_PATHS.getMember),
      providesTags: ['Member'],
    }),
    updateMember: build.mutation<TUpdateMemberResponse, TUpdateMemberRequest>({
      query: (body) => ({ url: endpointPath(API_PATHS.updateMember), method: 'PUT', body }),
      invalidatesTags: ['Member'],
    }),
    deleteMember: build.mutation<TDeleteMemberResponse, void>({
      query: () => ({ url: endpointPath(API_PATHS.deleteMember), method: 'DELETE' }),
    }),
  }),
});

export const { useGetMemberQuery, useUpdateMemberMutation, useDeleteMemberMutation } = accountApi;
