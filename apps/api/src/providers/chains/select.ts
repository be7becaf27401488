import { cryptoDemoEnabled } from '../../config/crypto-demo.ts';
import type { AppConfig } from '../../config/env.ts';
import { createBitcoinAddressBook, createEsploraWatcher } from './bitcoin.ts';
import { DEMO_BTC_ACCOUNT_ZPUB, DEMO_ETH_ACCOUNT_XPUB, DEMO_XRP_ADDRESS } from './demo.ts';
import { createEthereumAddressBook, createEthereumWatcher } from './ethereum.ts';
import type { Chain, Chains } from './index.ts';
import { createRippleAddressBook, createRippledWatcher } from './ripple.ts';

export type ChainConfig = Pick<
  AppConfig,
  | 'NODE_ENV'
  | 'CRYPTO_DEMO'
  | 'BTC_ACCOUNT_XPUB'
  | 'BTC_NETWORK'
  | 'BTC_ESPLORA_URL'
  | 'BTC_CONFIRMATIONS'
  | 'ETH_ACCOUNT_XPUB'
  | 'ETH_RPC_URL'
  | 'ETH_CHAIN_ID'
  | 'ETH_CONFIRMATIONS'
  | 'XRP_DEPOSIT_ADDRESS'
  | 'XRP_RPC_URL'
>;

const PUBLIC_ENDPOINTS = {
  esplora: { mainnet: 'https://blockstream.info/api', testnet: 'https://blockstream.info/testnet/api' },
  ethereum: 'https://ethereum-rpc.publicnode.com',
  rippled: 'https://s1.ripple.com:51234/',
} as const;

/**
 * The chains this deployment takes payments on. A coin is offered when its public key (XRP: address)
 * is configured, or, in demo mode, with the demo key. Real keys are watched through the configured
 * URL or a public endpoint; demo keys only through an explicitly configured URL (a local fake), because
 * their addresses have public history on the real chains. A bad key stops start-up with its name.
 */
export function createChains(config: ChainConfig): Chains {
  const demo = cryptoDemoEnabled(config);

  const btcKey = config.BTC_ACCOUNT_XPUB ?? (demo ? DEMO_BTC_ACCOUNT_ZPUB : undefined);
  const btcDemo = !config.BTC_ACCOUNT_XPUB;
  // The demo zpub is a mainnet key; a testnet demo makes no sense, so demo mode uses mainnet.
  const btcNetwork = btcDemo ? 'mainnet' : config.BTC_NETWORK;
  const btcUrl = config.BTC_ESPLORA_URL ?? (btcDemo ? undefined : PUBLIC_ENDPOINTS.esplora[btcNetwork]);
  const BTC: Chain | null = btcKey
    ? {
        coin: 'BTC',
        addresses: createBitcoinAddressBook(btcKey, btcNetwork),
        watcher: btcUrl ? createEsploraWatcher({ baseUrl: btcUrl, confirmations: config.BTC_CONFIRMATIONS }) : null,
        demo: btcDemo,
      }
    : null;

  const ethKey = config.ETH_ACCOUNT_XPUB ?? (demo ? DEMO_ETH_ACCOUNT_XPUB : undefined);
  const ethDemo = !config.ETH_ACCOUNT_XPUB;
  const ethUrl = config.ETH_RPC_URL ?? (ethDemo ? undefined : PUBLIC_ENDPOINTS.ethereum);
  const ETH: Chain | null = ethKey
    ? {
        coin: 'ETH',
        addresses: createEthereumAddressBook(ethKey),
        watcher: ethUrl
          ? createEthereumWatcher({
              url: ethUrl,
              confirmations: config.ETH_CONFIRMATIONS,
              chainId: config.ETH_CHAIN_ID,
            })
          : null,
        demo: ethDemo,
      }
    : null;

  const xrpAddress = config.XRP_DEPOSIT_ADDRESS ?? (demo ? DEMO_XRP_ADDRESS : undefined);
  const xrpDemo = !config.XRP_DEPOSIT_ADDRESS;
  const xrpUrl = config.XRP_RPC_URL ?? (xrpDemo ? undefined : PUBLIC_ENDPOINTS.rippled);
  const XRP: Chain | null = xrpAddress
    ? {
        coin: 'XRP',
        addresses: createRippleAddressBook(xrpAddress),
        watcher: xrpUrl ? createRippledWatcher({ url: xrpUrl, account: xrpAddress }) : null,
        demo: xrpDemo,
      }
    : null;

  return { BTC, ETH, XRP };
}
