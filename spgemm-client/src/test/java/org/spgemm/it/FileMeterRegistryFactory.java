package org.spgemm.it;

import io.micrometer.core.instrument.Measurement;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.simple.SimpleConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.spi.metrics.MeterRegistryFactory;

/**
 * A meter registry for the test cluster's servers ({@code general.micrometer.factory}): a
 * cumulative {@link SimpleMeterRegistry} whose {@code spgemm.*} meters this process writes every
 * {@link #PERIOD_MILLIS} ms to {@code <dir>/<pid>.tsv} (option {@code dir}, set as {@code
 * general.custom.metrics.opts.dir}), one line per measurement: name, tags, statistic, value. The
 * test reads the files ({@link ServerMeters}); each file is replaced whole, never half written.
 */
public final class FileMeterRegistryFactory implements MeterRegistryFactory {

  static final long PERIOD_MILLIS = 500;
  static final String DIR_OPTION = "dir";

  @Override
  public MeterRegistry create(InitParameters params) {
    SimpleMeterRegistry registry = new SimpleMeterRegistry(SimpleConfig.DEFAULT,
        io.micrometer.core.instrument.Clock.SYSTEM);
    Path dir = Paths.get(params.getOptions().get(DIR_OPTION));
    Path file = dir.resolve(ProcessHandle.current().pid() + ".tsv");
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "spgemm-test-meter-file");
      t.setDaemon(true);
      return t;
    });
    timer.scheduleAtFixedRate(() -> write(registry, file), PERIOD_MILLIS, PERIOD_MILLIS,
        TimeUnit.MILLISECONDS);
    return registry;
  }

  private static void write(MeterRegistry registry, Path file) {
    TreeMap<String,Double> lines = new TreeMap<>();
    for (Meter m : registry.getMeters()) {
      if (!m.getId().getName().startsWith("spgemm.")) {
        continue;
      }
      StringBuilder tags = new StringBuilder();
      for (Tag t : m.getId().getTags()) {
        if (t.getKey().equals("engine") || t.getKey().equals("from")) {
          tags.append(tags.length() == 0 ? "" : ",").append(t.getKey()).append('=')
              .append(t.getValue());
        }
      }
      for (Measurement x : m.measure()) {
        lines.put(m.getId().getName() + "\t" + tags + "\t"
            + x.getStatistic().name().toLowerCase(Locale.ROOT), x.getValue());
      }
    }
    StringBuilder out = new StringBuilder();
    lines.forEach((k, v) -> out.append(k).append('\t').append(v).append('\n'));
    try {
      Files.createDirectories(file.getParent());
      Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
      Files.writeString(tmp, out);
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | RuntimeException e) {
      // a failing run must not cancel the next ones (a scheduled task that throws is dropped)
      System.err.println("spgemm test meters: cannot write " + file + ": " + e);
    }
  }
}
