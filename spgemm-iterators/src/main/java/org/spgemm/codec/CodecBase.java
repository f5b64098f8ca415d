package org.spgemm.codec;

/** What every built-in codec states about itself: its option name and its domain. */
abstract class CodecBase implements ValueCodec {

  private final String name;
  private final Domain domain;

  CodecBase(String name, Domain domain) {
    this.name = name;
    this.domain = domain;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final Domain domain() {
    return domain;
  }
}
