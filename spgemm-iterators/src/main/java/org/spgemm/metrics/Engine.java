package org.spgemm.metrics;

/** Which engine did the work: the value of the {@code engine} tag on every meter. */
public enum Engine {
  /** A scan iterator writing C through BatchWriters. */
  SCAN("scan"),
  /** A user compaction writing C into the tablet's new file. */
  COMPACTION("compaction");

  /** The tag value. */
  public final String tag;

  Engine(String tag) {
    this.tag = tag;
  }
}
