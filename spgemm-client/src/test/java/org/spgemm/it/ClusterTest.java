package org.spgemm.it;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/** Marks a test class that runs on the shared MiniAccumuloCluster, with a per-test time limit. */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(SharedCluster.class)
@Timeout(value = 5, unit = java.util.concurrent.TimeUnit.MINUTES)
public @interface ClusterTest {
}
