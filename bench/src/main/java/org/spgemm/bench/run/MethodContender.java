package org.spgemm.bench.run;

/** A contender that is one {@link Method} for good, given when it is made. */
abstract class MethodContender implements Contender {

  private final Method method;

  MethodContender(Method method) {
    this.method = method;
  }

  @Override
  public final Method method() {
    return method;
  }
}
