package org.spgemm.cli;

/**
 * Knows whether the JVM is shutting down because of a signal (SIGTERM, SIGINT) or System.exit,
 * so that failures it causes in the running command (classes that can no longer initialize,
 * clients whose cluster was just stopped) end in one line rather than a stack trace. The embedded
 * cluster itself is stopped by its own shutdown hook ({@code EmbeddedCluster}).
 */
final class Termination {

  private static volatile boolean inProgress;
  private static boolean installed;

  private Termination() {}

  /** Registers the shutdown hook that raises the flag, and quiets other threads' failures then. */
  static synchronized void install() {
    if (installed) {
      return;
    }
    installed = true;
    Runtime.getRuntime().addShutdownHook(new Thread(() -> inProgress = true,
        "spgemm-termination-flag"));
    Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
    Thread.setDefaultUncaughtExceptionHandler((t, e) -> {
      if (inProgress) {
        return; // a thread dying while the JVM stops: not worth a stack trace
      }
      if (previous != null) {
        previous.uncaughtException(t, e);
      } else {
        System.err.print("Exception in thread \"" + t.getName() + "\" ");
        e.printStackTrace();
      }
    });
  }

  /** True once the JVM has begun to shut down (signal or exit). */
  static boolean inProgress() {
    return inProgress;
  }

  /** For tests: pretend a shutdown began (true) or ended (false). */
  static void simulate(boolean shuttingDown) {
    inProgress = shuttingDown;
  }
}
