// A crypto deposit address for the purchase held in the payment details (spec sections 2, 4 and 8): the
// coin's rate is fetched on mounting (not without a token), and the amount to deposit is the price times
// the rate, to 8 decimals; `create` asks for the address. Failures are only logged.
import { useEffect, useState } from 'react';
import { CRYPTO } from '@velvet/contracts/catalog';
import type { TPaymentDetails } from '@velvet/contracts/entities';
import type { TCreateWalletResponse } from '@velvet/contracts/payment/create-wallet';
import { useCreateWalletMutation, useQueryRateQuery } from '../api.ts';
import { depositAmount, depositUsd, walletCreateRequest } from '../payment-details.ts';

export const WALLET_TEXTS = {
  rateFailed: 'Failed to fetch coin rate',
  createFailed: 'Failed to create wallet',
  tagRequired:
    'The destination tag is required. Enter it exactly as shown when you send XRP: a deposit without it cannot be credited to your account.',
} as const;

export function useWalletAddress(details: TPaymentDetails, token: string | null) {
  const coin = details.selectedCoin;
  const usd = depositUsd(details);
  const rate = useQueryRateQuery(coin, { skip: !token, refetchOnMountOrArgChange: true });
  const [createWallet, creation] = useCreateWalletMutation();
  const [wallet, setWallet] = useState<TCreateWalletResponse | null>(null);

  useEffect(() => {
    if (rate.isError) console.error(WALLET_TEXTS.rateFailed, rate.error);
  }, [rate.isError, rate.error]);

  const computed = rate.data ? depositAmount(usd, rate.data.coin_cnt_per_dollar) : null;
  // Once there is an address, the server's amount (priced from its own rate) is the one to send.
  const amount = wallet ? wallet.request_coin_text || wallet.request_coin_cnt.toFixed(CRYPTO.amountDecimals) : computed;
  const tag = wallet?.destination_tag != null ? String(wallet.destination_tag) : null;

  const create = async () => {
    if (!computed || creation.isLoading) return;
    try {
      setWallet(await createWallet(walletCreateRequest(details, coin, computed)).unwrap());
    } catch (error) {
      console.error(WALLET_TEXTS.createFailed, error);
    }
  };

  return {
    coin,
    usd,
    /** The rate query: its coins per dollar, or that it failed. */
    rate,
    /** The amount priced from the rate; null until the rate is known. Creating needs it. */
    computed,
    /** The amount to send: the server's once there is an address. */
    amount,
    /** The XRP destination tag of the address, when it has one. */
    tag,
    wallet,
    creating: creation.isLoading,
    create,
  };
}
