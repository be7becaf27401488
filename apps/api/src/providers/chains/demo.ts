// DEMO ONLY. The account keys of the published test vectors, derived from the mnemonic
// "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about".
// Everybody knows their private keys: anything sent to these addresses can be taken by anyone. They
// exist so a local demo (`npm start`, the browser tests) can hand out addresses with no configuration;
// production refuses them (CRYPTO_DEMO) and must set its own keys (docs/payments-crypto.md).

/** BIP84 test vector: account 0, m/84'/0'/0' (first receive address bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu). */
export const DEMO_BTC_ACCOUNT_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

/** m/44'/60'/0' of the same mnemonic (first address 0x9858EfFD232B4033E47d90003D41EC34EcaEda94). */
export const DEMO_ETH_ACCOUNT_XPUB =
  'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt';

/** m/44'/144'/0'/0/0 of the same mnemonic. */
export const DEMO_XRP_ADDRESS = 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3';
