package edu.mit.ll.graphulo;

import edu.mit.ll.graphulo.rowmult.MultiplyOp;
import edu.mit.ll.graphulo.simplemult.MathTwoScalar;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.BatchWriterConfig;
import org.apache.accumulo.core.client.Connector;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.security.tokens.AuthenticationToken;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;

/**
 * Stands in for Graphulo 3.3.0 (Accla/graphulo, pom version 3.3.0), which is published nowhere
 * and built for Accumulo 1.10. Written for this project's tests, none of Graphulo's code: it has
 * exactly 3.3.0's only public constructor, {@code (Connector, AuthenticationToken)}, and its
 * public TableMult overloads of 6 and 8 parameters, so the bench binding must pick by
 * assignability. The 6-parameter TableMult checks the arguments the binding passes and then
 * writes C as Graphulo lays it out: (i, AT's family, j), decimal strings, summed here in the
 * client instead of by a combiner. It returns the number of partial products, as Graphulo does.
 */
public class Graphulo {

  public static final IteratorSetting PLUS_ITERATOR_BIGDECIMAL =
      new IteratorSetting(6, "plus", "edu.mit.ll.graphulo.simplemult.MathTwoScalar");

  private final Connector connector;

  /** Checks the token logs the connector's user in, as 3.3.0's constructor does. */
  public Graphulo(Connector connector, AuthenticationToken password) {
    this.connector = connector;
    try {
      if (!connector.securityOperations().authenticateUser(connector.whoami(), password)) {
        throw new IllegalArgumentException("bad token for user " + connector.whoami());
      }
    } catch (AccumuloException | AccumuloSecurityException e) {
      throw new IllegalArgumentException("cannot check the token of " + connector.whoami(), e);
    }
  }

  public long TableMult(String ATtable, String Btable, String Ctable, String CTtable,
      Class<? extends MultiplyOp> multOp, IteratorSetting plusOp) {
    if (CTtable != null || multOp != MathTwoScalar.class
        || !PLUS_ITERATOR_BIGDECIMAL.equals(plusOp)) {
      throw new IllegalArgumentException("stand-in called with CT " + CTtable + ", multOp "
          + multOp + ", plusOp " + plusOp);
    }
    try {
      return multiply(ATtable, Btable, Ctable);
    } catch (Exception e) {
      throw new RuntimeException(e);
    }
  }

  public long TableMult(String ATtable, String Btable, String Ctable, String CTtable,
      Class<? extends MultiplyOp> multOp, IteratorSetting plusOp,
      Authorizations ATauthorizations, Authorizations Bauthorizations) {
    throw new UnsupportedOperationException("stand-in: the binding calls the 6-argument one");
  }

  private long multiply(String at, String b, String c) throws Exception {
    Map<String, List<Map.Entry<Key, Value>>> bRows = new HashMap<>();
    for (Map.Entry<Key, Value> e : connector.createScanner(b, Authorizations.EMPTY)) {
      bRows.computeIfAbsent(e.getKey().getRow().toString(), x -> new ArrayList<>())
          .add(Map.entry(new Key(e.getKey()), new Value(e.getValue())));
    }
    long products = 0;
    Map<List<String>, BigDecimal> sums = new HashMap<>(); // (i, AT's family, j) -> C(i, j)
    for (Map.Entry<Key, Value> e : connector.createScanner(at, Authorizations.EMPTY)) {
      for (Map.Entry<Key, Value> f : bRows.getOrDefault(e.getKey().getRow().toString(),
          List.of())) {
        products++;
        sums.merge(List.of(e.getKey().getColumnQualifier().toString(),
            e.getKey().getColumnFamily().toString(), f.getKey().getColumnQualifier().toString()),
            new BigDecimal(e.getValue().toString())
                .multiply(new BigDecimal(f.getValue().toString())), BigDecimal::add);
      }
    }
    try (BatchWriter w = connector.createBatchWriter(c, new BatchWriterConfig())) {
      for (Map.Entry<List<String>, BigDecimal> s : sums.entrySet()) {
        Mutation m = new Mutation(s.getKey().get(0));
        m.put(s.getKey().get(1), s.getKey().get(2), s.getValue().toString());
        w.addMutation(m);
      }
    }
    return products;
  }
}
