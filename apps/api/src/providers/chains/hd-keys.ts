// Account-level extended PUBLIC keys (BIP32). A private key is refused outright: the server derives
// receive addresses only, and whoever holds the seed sweeps the funds elsewhere.
import { HDKey, type Versions } from '@scure/bip32';
import { base58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';

/** SLIP-132 version bytes by prefix: what each serialisation means. */
const PUBLIC_VERSIONS: Record<string, { network: 'mainnet' | 'testnet'; versions: Versions; bip84: boolean }> = {
  xpub: { network: 'mainnet', versions: { public: 0x0488b21e, private: 0x0488ade4 }, bip84: false },
  zpub: { network: 'mainnet', versions: { public: 0x04b24746, private: 0x04b2430c }, bip84: true },
  tpub: { network: 'testnet', versions: { public: 0x043587cf, private: 0x04358394 }, bip84: false },
  vpub: { network: 'testnet', versions: { public: 0x045f1cf6, private: 0x045f18bc }, bip84: true },
};
const PRIVATE_PREFIXES = ['xprv', 'zprv', 'tprv', 'vprv', 'yprv', 'uprv'];

export interface AccountKey {
  key: HDKey;
  /** From the prefix (xpub/zpub mainnet, tpub/vpub testnet). */
  network: 'mainnet' | 'testnet';
  prefix: string;
}

/** Parses an account xpub/zpub/tpub/vpub; the message names `variable` when it is not usable. */
export function parseAccountKey(text: string, variable: string): AccountKey {
  const prefix = text.slice(0, 4);
  if (PRIVATE_PREFIXES.includes(prefix)) {
    throw new Error(
      `${variable} is a PRIVATE key; configure the account's extended public key only (never a private key)`,
    );
  }
  const known = PUBLIC_VERSIONS[prefix];
  if (!known) throw new Error(`${variable} must be an extended public key (xpub, zpub, tpub or vpub)`);
  let key: HDKey;
  try {
    // The checksum first: a typo gets "bad checksum" rather than a confusing length error.
    base58check(sha256).decode(text);
    key = HDKey.fromExtendedKey(text, known.versions);
  } catch (err) {
    throw new Error(
      `${variable} is not a valid extended public key: ${err instanceof Error ? err.message : String(err)}`,
      { cause: err },
    );
  }
  if (key.privateKey) throw new Error(`${variable} holds a private key; configure the public key only`);
  // Account level is depth 3 (m/purpose'/coin'/account'); a deeper or shallower key derives
  // addresses no wallet would show for this account.
  if (key.depth !== 3) {
    throw new Error(
      `${variable} must be an account-level key (depth 3, e.g. m/84'/0'/0'); this one has depth ${key.depth}`,
    );
  }
  return { key, network: known.network, prefix };
}

/** The compressed public key of receive address `index` (m/.../0/index). */
export function receivePublicKey(account: HDKey, index: number): Uint8Array {
  if (!Number.isInteger(index) || index < 0 || index >= 0x80000000) throw new Error(`bad child index ${index}`);
  const child = account.deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new Error('derivation gave no public key');
  return child.publicKey;
}
