// Runs the NOWPayments fake on its own, for a local demo against `npm start`:
//   apps/api/node_modules/.bin/tsx apps/api/test/support/fakes/fake-nowpayments-main.ts [port=18450]
// prints the settings to use (config/env.ts reads them: with both secrets set, crypto deposits go through
// the fake) and serves the invoice pages and the control API until Ctrl-C.
import { startFakeNowPayments } from './fake-nowpayments.ts';

const port = Number(process.argv[2] ?? 18450);
const apiKey = 'fake-nowpayments-api-key';
const ipnSecret = 'fake-nowpayments-ipn-secret';
const fake = await startFakeNowPayments({ port, apiKey, ipnSecret });
console.log('# Fake NOWPayments is up. Point the app at it:');
console.log(`NOWPAYMENTS_API_URL=${fake.url}`);
console.log(`NOWPAYMENTS_API_KEY=${apiKey}`);
console.log(`NOWPAYMENTS_IPN_SECRET=${ipnSecret}`);
console.log(`# Pay a deposit's invoice in full (or "part", "expire"); the invoice ids are in the state below:`);
console.log(
  `#   curl -XPOST ${fake.url}/__control/act -H 'content-type: application/json' -d '{"invoice_id":"4522625843","action":"full"}'`,
);
console.log(`# Replay the last IPN of a payment 20 times:`);
console.log(
  `#   curl -XPOST ${fake.url}/__control/replay -H 'content-type: application/json' -d '{"payment_id":5745459419,"times":20}'`,
);
console.log(`# A forged IPN (tampered | wrong-secret | unsigned):`);
console.log(
  `#   curl -XPOST ${fake.url}/__control/forge -H 'content-type: application/json' -d '{"payment_id":5745459419,"how":"tampered"}'`,
);
console.log(`# State: curl ${fake.url}/__control/state`);
const stop = () => void fake.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
