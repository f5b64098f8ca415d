package org.spgemm.client;

import com.google.common.util.concurrent.ThreadFactoryBuilder;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;

/**
 * Where a multiply runs the reads and writes it overlaps (the digest, the tables' settings, M's
 * tablets, C's flush, the pre-flight): threads of its own, kept a minute when idle. Not
 * {@code CompletableFuture}'s default, the JVM's common pool, which these calls would share with
 * the caller's parallel streams, and on which, with a few cores (parallelism: cores - 1), more
 * blocking calls than threads wait for each other.
 */
final class Background {

  static final Executor TASKS = Executors.newCachedThreadPool(new ThreadFactoryBuilder()
      .setDaemon(true).setNameFormat("spgemm-client-%d").build());

  private Background() {}
}
