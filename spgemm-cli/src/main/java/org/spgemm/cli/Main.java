package org.spgemm.cli;


/** Entry point of bin/spgemm; the only place that calls System.exit. */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    Termination.install();
    System.exit(SpgemmCommand.commandLine().execute(args));
  }
}
