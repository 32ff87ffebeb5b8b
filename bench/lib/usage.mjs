// `pnpm bench -- --help`.

/** The usage text of run.mjs, listing `phases` for --only. */
export function usage(PHASES) {
  return `pnpm bench [-- options]
  --duration <s>         seconds of load per server per round (default 10; --quick 2)
  --connections <n>      concurrent connections (default 50)
  --rounds <n>           interleaved rounds (default 3; --quick 2)
  --warmup <s>           warm-up load per server before the rounds (default 3; --quick 1)
  --only <phase>         ${PHASES.join(' | ')} (repeat or comma-separate)
  --memory-duration <s>  seconds of load per memory round (default 60; --quick 3)
  --memory-rounds <n>    memory rounds (default 3; --quick 2)
  --cold-runs <n>        cold starts per bundle (default 15; --quick 2)
  --db-pool <n>          pg pool size of ours and of the database ceiling (default 10)
  --filings <n>          filings in the table (default 10000)
  --profile              run ours with --cpu-prof (profiles in bench/results/profiles/;
                         summarise with node bench/profile-summary.mjs <file>)
  --telemetry            also measure ours with OpenTelemetry on (OTLP to a local receiver) on the
                         credentialed workloads
  --baseline <dir>       also measure ours as built in another checkout (a git worktree of an
                         earlier commit, built with pnpm build) in the same interleaved rounds,
                         for the goals that say "no worse than before"; repeat it for several
                         commits (each runs as ours@<directory name>)
  --generator <name>     net (default: the light raw-socket generator, bench/lib/net-load.mjs) or
                         autocannon (what the bench used before; on 2 cores it limits the ceiling)
  --database-core <n>    the core PostgreSQL is pinned to (default 1, the servers' core, so the
                         generator has core 0 to itself); any: not pinned
  --quick                short smoke run; results are not written to latest.*
`;
}
