package org.spgemm.pipeline.scan;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.FutureTask;
import org.apache.accumulo.core.data.Key;
import org.junit.jupiter.api.Test;
import org.spgemm.pipeline.BatchResult;
import org.spgemm.pipeline.BatchScheduler;

class PendingWorkTest {

  private static String id() {
    return "job|" + UUID.randomUUID() + "|1|+inf";
  }

  @Test
  void aSuccessorResumingExactlyAfterTheLastKeyAdoptsTheWork() {
    String id = id();
    Object first = new Object();
    Object second = new Object();
    PendingWork w = new PendingWork();
    w.hold(first);
    w.resumeAfter = new Key("r7", "A", "c3");
    PendingWork.register(id, w);
    w.exit(first);

    assertSame(w, PendingWork.adopt(id, new Key("r7", "A", "c3"), second, 0));
    assertFalse(w.enter(first), "the predecessor may not touch adopted work again");
    assertTrue(w.enter(second));
    assertTrue(w.isLive());
  }

  @Test
  void aSeekElsewhereLeavesTheWorkToItsHolder() {
    String id = id();
    Object first = new Object();
    PendingWork w = new PendingWork();
    w.hold(first);
    w.resumeAfter = new Key("r7", "A", "c3");
    FutureTask<BatchResult> batch = new FutureTask<>(BatchResult::new);
    w.inFlight.add(new BatchScheduler.InFlight<>(new Key("r8"), new Key("r9"), batch, batch));
    PendingWork.register(id, w);
    w.exit(first);

    // e.g. a stale read-ahead of a closed scan seeking after an older key
    assertNull(PendingWork.adopt(id, new Key("r2", "A", "c0"), new Object(), 0));
    assertTrue(w.isLive(), "not stopped");
    assertFalse(batch.isCancelled());
    assertTrue(w.enter(first), "its holder keeps it");
    w.exit(first);
    Object next = new Object();
    assertSame(w, PendingWork.adopt(id, new Key("r7", "A", "c3"), next, 0), "and its successor");
  }

  @Test
  void abandonedWorkStopsItsWorkersAndCancelsItsBatches() {
    PendingWork w = new PendingWork();
    FutureTask<BatchResult> batch = new FutureTask<>(BatchResult::new);
    w.inFlight.add(new BatchScheduler.InFlight<>(new Key("r8"), new Key("r9"), batch, batch));
    w.abandon();
    assertFalse(w.isLive());
    assertTrue(batch.isCancelled());
  }

  @Test
  void workBusyInAnotherCallIsNotTakenOverUntilThatCallEnds() throws Exception {
    String id = id();
    Object first = new Object();
    PendingWork w = new PendingWork();
    w.hold(first); // a read-ahead still inside next()
    w.resumeAfter = new Key("r7", "A", "c3");
    PendingWork.register(id, w);

    assertNull(PendingWork.adopt(id, new Key("r7", "A", "c3"), new Object(), 50),
        "busy: not taken within the wait");
    assertTrue(w.isLive(), "and not abandoned either");

    Object second = new Object();
    CompletableFuture<PendingWork> adopted = CompletableFuture
        .supplyAsync(() -> PendingWork.adopt(id, new Key("r7", "A", "c3"), second, 10_000));
    Thread.sleep(100);
    assertFalse(adopted.isDone(), "waits for the call to end");
    w.exit(first);
    assertSame(w, adopted.get());
    assertFalse(w.enter(first));
  }
}
