// Address derivation against the published test vectors (BIP84, and m/44'/60'/0'/0/0 of the same
// "abandon ... about" mnemonic for Ethereum), and the refusal of anything but an account public key.
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { cryptoDemoEnabled } from '../../../src/config/crypto-demo.ts';
import { createBitcoinAddressBook } from '../../../src/providers/chains/bitcoin.ts';
import { DEMO_BTC_ACCOUNT_ZPUB, DEMO_ETH_ACCOUNT_XPUB, DEMO_XRP_ADDRESS } from '../../../src/providers/chains/demo.ts';
import { createEthereumAddressBook, toChecksumAddress } from '../../../src/providers/chains/ethereum.ts';
import { createRippleAddressBook, isClassicAddress } from '../../../src/providers/chains/ripple.ts';
import { createChains } from '../../../src/providers/chains/select.ts';
import { createPriceFeed } from '../../../src/providers/rates/select.ts';
import { testConfig } from '../../support/app.ts';

const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const seed = mnemonicToSeedSync(MNEMONIC);

describe('BIP84 (Bitcoin native segwit)', () => {
  // https://github.com/bitcoin/bips/blob/master/bip-0084.mediawiki#test-vectors
  const BIP84_ACCOUNT_ZPUB =
    'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

  it('derives the published first and second receive addresses from the account zpub', () => {
    const book = createBitcoinAddressBook(BIP84_ACCOUNT_ZPUB, 'mainnet');
    expect(book.targetFor(0)).toEqual({
      address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      destinationTag: null,
      derivationIndex: 0,
    });
    expect(book.targetFor(1).address).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    expect(DEMO_BTC_ACCOUNT_ZPUB).toBe(BIP84_ACCOUNT_ZPUB);
  });

  it('the zpub is m/84h/0h/0h of the mnemonic, so the same addresses come from an xpub serialisation', () => {
    const account = HDKey.fromMasterSeed(seed).derive("m/84'/0'/0'");
    const book = createBitcoinAddressBook(account.publicExtendedKey, 'mainnet');
    expect(account.publicExtendedKey.startsWith('xpub')).toBe(true);
    expect(book.targetFor(0).address).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  });

  it('derives tb1 addresses from a testnet key', () => {
    const testnet = { public: 0x045f1cf6, private: 0x045f18bc };
    const account = HDKey.fromMasterSeed(seed, testnet).derive("m/84'/1'/0'");
    const book = createBitcoinAddressBook(account.publicExtendedKey, 'testnet');
    expect(account.publicExtendedKey.startsWith('vpub')).toBe(true);
    // BIP84's testnet vector is not published; the network prefix and encoding are what is checked.
    expect(book.targetFor(0).address).toMatch(/^tb1q[02-9ac-hj-np-z]{38}$/);
    expect(() => createBitcoinAddressBook(account.publicExtendedKey, 'mainnet')).toThrow(
      /testnet key.*BTC_NETWORK is mainnet/,
    );
  });

  it('refuses private keys, keys at the wrong depth and garbage, naming the variable', () => {
    const account = HDKey.fromMasterSeed(seed).derive("m/84'/0'/0'");
    expect(() => createBitcoinAddressBook(account.privateExtendedKey, 'mainnet')).toThrow(
      /BTC_ACCOUNT_XPUB is a PRIVATE key/,
    );
    const root = HDKey.fromMasterSeed(seed);
    expect(() => createBitcoinAddressBook(root.publicExtendedKey, 'mainnet')).toThrow(
      /account-level key \(depth 3.*depth 0/,
    );
    expect(() => createBitcoinAddressBook('zpub' + 'x'.repeat(107), 'mainnet')).toThrow(
      /BTC_ACCOUNT_XPUB is not a valid/,
    );
    expect(() => createBitcoinAddressBook('hello', 'mainnet')).toThrow(
      /BTC_ACCOUNT_XPUB must be an extended public key/,
    );
  });
});

describe('BIP44 (Ethereum)', () => {
  it("derives 0x9858EfFD232B4033E47d90003D41EC34EcaEda94 at m/44'/60'/0'/0/0 from the account xpub", () => {
    const account = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'");
    expect(account.publicExtendedKey).toBe(DEMO_ETH_ACCOUNT_XPUB);
    const book = createEthereumAddressBook(account.publicExtendedKey);
    expect(book.targetFor(0)).toEqual({
      address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
      destinationTag: null,
      derivationIndex: 0,
    });
    expect(book.targetFor(1).address).toBe('0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0');
  });

  it('writes EIP-55 checksums (the EIP test vectors)', () => {
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    }
  });

  it('refuses a private key', () => {
    const account = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'");
    expect(() => createEthereumAddressBook(account.privateExtendedKey)).toThrow(/ETH_ACCOUNT_XPUB is a PRIVATE key/);
  });
});

describe('XRP', () => {
  it('hands out the one address with the tag it is given, and checks the address', () => {
    expect(createRippleAddressBook(DEMO_XRP_ADDRESS).targetFor(42)).toEqual({
      address: DEMO_XRP_ADDRESS,
      destinationTag: 42,
      derivationIndex: null,
    });
    expect(isClassicAddress('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh')).toBe(true);
    expect(isClassicAddress('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi')).toBe(false);
    expect(() => createRippleAddressBook('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toThrow(/XRP_DEPOSIT_ADDRESS/);
  });
});

describe('demo configuration', () => {
  it('is on outside production: the test-vector keys, no chain URL, demo prices', () => {
    const config = testConfig();
    const chains = createChains(config);
    expect(chains.BTC?.demo).toBe(true);
    expect(chains.BTC?.addresses.targetFor(0).address).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(chains.BTC?.watcher).toBeNull();
    expect(chains.ETH?.addresses.targetFor(0).address).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(chains.XRP?.addresses.targetFor(1).address).toBe(DEMO_XRP_ADDRESS);
    expect(createPriceFeed(config).name).toBe('demo');
    // A configured URL (a local fake) is watched even with demo keys.
    expect(createChains(testConfig({ BTC_ESPLORA_URL: 'http://127.0.0.1:9' })).BTC?.watcher?.endpoint).toBe(
      'http://127.0.0.1:9',
    );
  });

  it('is refused in production, and production without keys offers no coin', () => {
    const production = { ...testConfig(), NODE_ENV: 'production' as const };
    expect(cryptoDemoEnabled(production)).toBe(false);
    expect(createChains(production)).toEqual({ BTC: null, ETH: null, XRP: null });
    expect(() => createChains({ ...production, CRYPTO_DEMO: true })).toThrow(/CRYPTO_DEMO/);
    expect(() => createPriceFeed({ ...production, RATE_FEED: 'demo' })).toThrow(/RATE_FEED/);
    expect(createPriceFeed(production).name).toBe('coingecko');
    const real = createChains({ ...production, BTC_ACCOUNT_XPUB: DEMO_BTC_ACCOUNT_ZPUB });
    expect(real.BTC?.demo).toBe(false);
    expect(real.BTC?.watcher?.endpoint).toBe('https://blockstream.info/api');
  });
});
