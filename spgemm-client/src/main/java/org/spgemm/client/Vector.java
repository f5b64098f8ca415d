package org.spgemm.client;

import static org.spgemm.client.Arguments.notNull;

/**
 * A GraphBLAS vector kept in a table: row {@code row} of family {@code family}, entry j at
 * column key j (a 1 x n matrix, as a BFS frontier is).
 *
 * @param family the family holding it
 * @param row its row key
 */
public record Vector(String family, String row) {

  public Vector {
    if (notNull("vector family", family).isEmpty()) {
      throw new InvalidOptionException("vector family must not be empty");
    }
    notNull("vector row", row);
  }

  public static Vector of(String family, String row) {
    return new Vector(family, row);
  }
}
