// Runs the fake chains and price feed on their own, for a local demo against `npm start`:
//   apps/api/node_modules/.bin/tsx apps/api/test/support/fakes/chains/main.ts [basePort=18440]
// prints the environment to put in .env (demo keys are then watched on these fakes), and serves the
// control API until Ctrl-C.
import { startFakeChains } from './index.ts';

const basePort = Number(process.argv[2] ?? 18440);
const fakes = await startFakeChains({ basePort });
console.log('# Fake chains are up. Add these to .env and restart `npm start`:');
for (const [key, value] of Object.entries(fakes.env)) console.log(`${key}=${value}`);
console.log(`# Pay:  curl -XPOST ${fakes.esplora.url}/__control/pay -H 'content-type: application/json' \\`);
console.log(`#         -d '{"address":"bc1q...","amount":"0.0001","confirmations":2}'`);
const stop = () => void fakes.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
