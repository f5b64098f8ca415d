package org.spgemm.cli;

/** Exit codes of bin/spgemm. */
public enum ExitCode {
  OK(0),
  /** Something unexpected: a bug or an unforeseen failure (run with --debug for the trace). */
  ERROR(1),
  /** Bad usage or bad input: unknown option or semiring, missing or malformed file, shapes. */
  USAGE(2),
  /** The cluster failed or refused: unreachable, missing table, permission. */
  CLUSTER(3);

  final int code;

  ExitCode(int code) {
    this.code = code;
  }
}
