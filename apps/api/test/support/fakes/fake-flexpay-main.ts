// Runs the Verotel FlexPay fake on its own, for a local demo against `npm start`:
//   apps/api/node_modules/.bin/tsx apps/api/test/support/fakes/fake-flexpay-main.ts [port=18460] [postbackUrl]
// prints the settings to start the product with (docs/payments.md, "Verotel FlexPay") and serves the order pages, salestatus,
// cancel-subscription and the control API until Ctrl-C.
import { startFakeFlexPay } from './fake-flexpay.ts';

const port = Number(process.argv[2] ?? 18460);
const postbackUrl = process.argv[3] ?? 'http://127.0.0.1:3000/api/payment/verotel/postback';
const key = 'fake-flexpay-signature-key';
const fake = await startFakeFlexPay({ port, key, postbackUrl });
console.log('# Fake Verotel FlexPay is up. Start the product with:');
console.log('CARD_PROCESSOR=verotel');
console.log(`VEROTEL_BASE_URL=${fake.url}`);
console.log(`VEROTEL_SHOP_ID=${fake.shopId}`);
console.log(`VEROTEL_SIGNATURE_KEY=${key}`);
console.log(`# Postbacks go to ${postbackUrl}`);
console.log(`# Rebill, cancel, expiry, credit or chargeback a sale:`);
console.log(
  `#   curl -XPOST ${fake.url}/__control/rebill -H 'content-type: application/json' -d '{"saleID":"1000001"}'`,
);
console.log(`# Replay the last postback 20 times, or forge it (tampered | wrong-key | unsigned):`);
console.log(`#   curl -XPOST ${fake.url}/__control/replay -H 'content-type: application/json' -d '{"times":20}'`);
console.log(`#   curl -XPOST ${fake.url}/__control/forge -H 'content-type: application/json' -d '{"how":"tampered"}'`);
console.log(`# State: curl ${fake.url}/__control/sales ; curl ${fake.url}/__control/postbacks`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
