import { startProviderSim } from './index';

// The only module with side effects: `npm run sim` (PORT, HOST and SIM_TOKENS_PER_SECOND from the environment).
const port = Number(process.env.PORT ?? 8790);
const host = process.env.HOST ?? '127.0.0.1';
const pace = process.env.SIM_TOKENS_PER_SECOND ? Number(process.env.SIM_TOKENS_PER_SECOND) : undefined;

const sim = await startProviderSim({ port, host, tokensPerSecond: pace });
console.log(`Provider simulator listening on ${sim.url}`);
console.log(`  OpenAI      ${sim.url}/v1            OpenRouter ${sim.url}/api/v1`);
console.log(`  Anthropic   ${sim.url}/v1/messages   Gemini     ${sim.url}/v1beta`);
console.log(`  Request log ${sim.url}/__sim/requests`);

let stopping = false;
function stop(signal: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal} received, stopping the provider simulator...`);
  sim.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
