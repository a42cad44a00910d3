// What the benchmark scripts share on their command line and around their main().

// The arguments of `argv` as `--key value` or `--key=value`, one { key, arg, value } each:
// `arg` as given, `value()` the inline value or the next argument (which it consumes), calling
// `usage` when there is none.
export function* command_options(argv, usage) {
  for (let i = 0; i < argv.length; ++i) {
    const arg = argv[i];
    const [key, inline] = arg.startsWith("--") ? arg.split(/=(.*)/s) : [arg];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) usage(`${key} needs a value`);
      return v;
    };
    yield { key, arg, value };
  }
}

// Runs `main`, printing the error and exiting 1 when it fails. On SIGINT or SIGTERM it awaits
// `stopper()` (the script's current clean-up, or null; at most 5 s), then exits 130, so that
// the exit handlers of tests/e2e/lib/servers.mjs kill whatever still runs by PID.
export function run_main(name, main, stopper = () => null) {
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, async () => {
      await Promise.race([stopper()?.(), new Promise((done) => setTimeout(done, 5000))]).catch(() => {});
      process.exit(130);
    });
  }
  main().catch((error) => {
    console.error(`${name}: ${error.stack ?? error.message}`);
    process.exit(1);
  });
}
