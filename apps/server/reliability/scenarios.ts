import { positiveEnv } from '../bench/harness.ts';
import { crashScenarios } from './crashes.ts';
import { type DeploymentKind, deploy } from './deployments.ts';
import { createLearners } from './learners.ts';
import { ledgerRowsOf, signinRowOf } from './ledger.ts';
import { seatRows } from './seats.ts';
import type { FigureRow, ReliabilityContext, Scenario } from './types.ts';

function runnerCpu(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/**
 * Seats and the points ledger on one deployment: the servers start, 500 learners (and a team
 * leader) log in through the real exchange, then the seat rounds and the ledger rounds run.
 * RELIABILITY_SEAT_ROUNDS and RELIABILITY_LEDGER_ROUNDS set the rounds of every deployment.
 */
function seatsAndLedger(kind: DeploymentKind): Scenario {
  return {
    name: `seats and ledger (${kind})`,
    needsPostgres: kind !== 'sqlite',
    concurrent: true,
    async run(context: ReliabilityContext): Promise<FigureRow[]> {
      // The 20 rounds on every deployment (the whole runner takes about 3 minutes of
      // `npm test` on an idle 2-core machine, docs/reliability.md).
      const seatRounds = positiveEnv('RELIABILITY_SEAT_ROUNDS', 20);
      const ledgerRounds = positiveEnv('RELIABILITY_LEDGER_ROUNDS', 3);
      const signups = 500;
      const keys = 100;
      const deployment = await deploy(context, kind);
      // Where the time goes: the servers' CPU and the wall time of each stage.
      const stage = (name: string, since: { wall: number; cpu: number }) => {
        const now = { wall: performance.now(), cpu: deployment.cpuSeconds() };
        context.log(
          `${kind}: ${name} ${((now.wall - since.wall) / 1000).toFixed(1)} s, server CPU ${(now.cpu - since.cpu).toFixed(1)} s, runner CPU ${runnerCpu().toFixed(1)} s so far`,
        );
        return now;
      };
      let mark = stage('startup', {
        wall: performance.now() - deployment.startupSeconds * 1000,
        cpu: 0,
      });
      try {
        const began = performance.now();
        const everyone = await createLearners(
          deployment.db,
          deployment.origins,
          Math.max(signups, ledgerRounds * keys) + 1,
        );
        const learnersSeconds = (performance.now() - began) / 1000;
        const leader = everyone.pop();
        if (!leader) throw new Error('no learners made');
        context.log(
          `${kind}: ${everyone.length + 1} learners logged in in ${learnersSeconds.toFixed(1)} s`,
        );
        const setup: FigureRow = {
          suite: 'setup',
          engine: kind,
          check: `servers up, ${everyone.length + 1} learners logged in`,
          figure: `${deployment.startupSeconds.toFixed(1)} s + ${learnersSeconds.toFixed(1)} s`,
          target: 'up and logged in',
          ok: true,
          seconds: Number((deployment.startupSeconds + learnersSeconds).toFixed(1)),
        };
        mark = stage('learners', mark);
        const seats = await seatRows(
          deployment,
          everyone,
          leader,
          { rounds: seatRounds, signups, seats: 100, duplicates: 50 },
          context.log,
        );
        mark = stage('seats', mark);
        const ledger = await ledgerRowsOf(
          deployment,
          everyone,
          { rounds: ledgerRounds, keys, replays: 10 },
          context.log,
        );
        // Last: it retires the tokens of the learners it uses.
        const signin = await signinRowOf(deployment, everyone, { keys, replays: 10 });
        stage('ledger', mark);
        return [setup, ...seats, ...ledger, signin];
      } finally {
        await deployment.close();
      }
    },
  };
}

/**
 * Every scenario `npm run test:reliability` runs, all at once: each server uses one core, and
 * the crash scenarios mostly wait on restarts, so together they keep a 2-core machine busy.
 */
export const scenarios: Scenario[] = [
  seatsAndLedger('sqlite'),
  seatsAndLedger('postgres'),
  seatsAndLedger('postgres ×2'),
  ...crashScenarios.map((scenario) => ({ ...scenario, concurrent: true })),
];
