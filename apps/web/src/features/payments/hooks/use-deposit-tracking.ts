// Follows a crypto deposit from its address to the coins being added (spec sections 4 and 8): live from
// the member event stream; read once the address is there, again whenever the stream reopens, and every
// 5 s while the stream is down, until the deposit is credited or has failed. Events and reads may come
// out of order, so the one furthest along is shown. `onCredited` is called once.
import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { TIMINGS } from '@velvet/contracts/catalog';
import type { CryptoCoin } from '@velvet/contracts/options';
import { paymentsApi, useGetDepositQuery } from '../api.ts';
import {
  depositView,
  isFinalDeposit,
  newerSnapshot,
  type DepositSnapshot,
  type DepositView,
} from '../deposit-status.ts';
import { useDepositEvents } from './use-deposit-events.ts';

/** The deposit has been credited: the new balance and member kind, when the event carries them. */
export interface DepositCredited {
  cur_tokens?: number | undefined;
  member_kind?: string | undefined;
}

export interface DepositTrackingOptions {
  /** The deposit of the address shown; null while there is no address (nothing is followed). */
  deposit: { coin: CryptoCoin; depositId: string } | null;
  /** The session token; without it nothing is read. */
  token: string | null;
  onCredited(credited: DepositCredited): void;
}

export function useDepositTracking({ deposit, token, onCredited }: DepositTrackingOptions): DepositView {
  const [fromEvents, setFromEvents] = useState<DepositSnapshot | null>(null);
  const credited = useRef(false);
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();

  const depositArg = deposit && token ? deposit.depositId : skipToken;
  const streaming = useDepositEvents({
    deposit,
    onDeposit: (event) => {
      setFromEvents((current) => newerSnapshot(current, event));
      if (event.status === 'credited' && !credited.current) {
        credited.current = true;
        onCredited({ cur_tokens: event.cur_tokens, member_kind: event.member_kind });
      }
    },
    onReopen: () => {
      if (deposit) void dispatch(paymentsApi.endpoints.getDeposit.initiate(deposit.depositId, { forceRefetch: true }));
    },
  });
  // What the last read said (no request of its own), so that polling ends with the deposit.
  const lastRead = paymentsApi.endpoints.getDeposit.useQueryState(depositArg).data;
  const shownBefore = lastRead ? newerSnapshot(fromEvents, lastRead) : fromEvents;
  const polled = useGetDepositQuery(depositArg, {
    pollingInterval: streaming || isFinalDeposit(shownBefore) ? 0 : TIMINGS.statusPollMs,
  });
  const polledStatus = polled.data?.status;
  useEffect(() => {
    // Credited while the stream was down: the poll has no balance, the caller reads it afresh.
    if (polledStatus === 'credited' && !credited.current) {
      credited.current = true;
      onCredited({});
    }
  }, [polledStatus, onCredited]);

  return depositView(polled.data ? newerSnapshot(fromEvents, polled.data) : fromEvents);
}
