// POST /api/v2/wallet/query/:coin (authorization header): how many units of the coin one US$ buys.
import { z } from 'zod';
import { ZCoinParams } from './common.ts';

/** Path params; there is no body. */
export const ZQueryRateRequest = ZCoinParams;
export type TQueryRateRequest = z.input<typeof ZQueryRateRequest>;

export const ZQueryRateResponse = z.object({ coin_cnt_per_dollar: z.number().positive() });
export type TQueryRateResponse = z.infer<typeof ZQueryRateResponse>;

/** The spec's entity name (wallet rate response). */
export const ZWalletRateResponse = ZQueryRateResponse;
export type TWalletRateResponse = TQueryRateResponse;
