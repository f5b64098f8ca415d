package org.spgemm.balancer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.spgemm.iterators.TableLayout;

/**
 * Which tablet server each part of a re-keyed table lives on: the value of
 * {@value TableLayout#PARTS_PROPERTY}, the servers as {@code host:port} in part order, comma
 * separated (part p on entry p). Immutable.
 *
 * <p>The recorded mapping is what the plan was applied with. {@link #assign} gives the mapping in
 * force for the servers alive now: a part whose server is gone goes to the live server holding
 * the fewest parts (ties to the first in sorted order), so each part still lives on one server
 * and the spread stays as even as it can; the part returns when its server does.
 */
public final class PartServerMap {

  private final List<String> servers;

  private PartServerMap(List<String> servers) {
    this.servers = Collections.unmodifiableList(servers);
  }

  /**
   * Parts 0..parts-1 spread over the given servers: sorted, part p on server p mod n, so the
   * part counts of any two servers differ by at most one.
   *
   * @throws IllegalArgumentException if parts &lt; 1, there is no server or a name is malformed
   */
  public static PartServerMap spread(int parts, Collection<String> liveServers) {
    if (parts < 1) {
      throw new IllegalArgumentException("parts must be at least 1, got " + parts);
    }
    if (liveServers == null || liveServers.isEmpty()) {
      throw new IllegalArgumentException("no live tablet server to place parts on");
    }
    List<String> sorted = new ArrayList<>(new TreeSet<>(liveServers));
    sorted.forEach(PartServerMap::checkServer);
    List<String> out = new ArrayList<>(parts);
    for (int p = 0; p < parts; p++) {
      out.add(sorted.get(p % sorted.size()));
    }
    return new PartServerMap(out);
  }

  /**
   * Reads a property value.
   *
   * @throws IllegalArgumentException naming the first malformed entry
   */
  public static PartServerMap parse(String value) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("no part-to-server mapping (empty value)");
    }
    List<String> out = new ArrayList<>();
    for (String s : value.split(",", -1)) {
      out.add(checkServer(s.strip()));
    }
    return new PartServerMap(out);
  }

  private static String checkServer(String s) {
    int colon = s.lastIndexOf(':');
    if (colon <= 0 || colon == s.length() - 1) {
      throw new IllegalArgumentException("'" + s + "' is not host:port");
    }
    int port;
    try {
      port = Integer.parseInt(s.substring(colon + 1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + s + "' has no numeric port");
    }
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("'" + s + "' has a port outside 1..65535");
    }
    return s;
  }

  /** The property value: servers in part order, comma separated. */
  public String format() {
    return String.join(",", servers);
  }

  /** Number of parts recorded. */
  public int parts() {
    return servers.size();
  }

  /** The recorded servers in part order (unmodifiable). */
  public List<String> servers() {
    return servers;
  }

  /** The recorded server of part p. */
  public String server(int part) {
    return servers.get(part);
  }

  /**
   * The server of each part given the live servers (see the class comment), or null if none is
   * live. A part p beyond the recorded ones lives where part p mod {@link #parts()} does.
   */
  public Assignment assign(Collection<String> liveServers) {
    if (liveServers == null || liveServers.isEmpty()) {
      return null;
    }
    TreeSet<String> live = new TreeSet<>(liveServers);
    String[] target = new String[servers.size()];
    Map<String,Integer> load = new HashMap<>();
    live.forEach(s -> load.put(s, 0));
    for (int p = 0; p < target.length; p++) {
      if (live.contains(servers.get(p))) {
        target[p] = servers.get(p);
        load.merge(target[p], 1, Integer::sum);
      }
    }
    int moved = 0;
    for (int p = 0; p < target.length; p++) {
      if (target[p] == null) {
        String least = null;
        for (String s : live) {
          if (least == null || load.get(s) < load.get(least)) {
            least = s;
          }
        }
        target[p] = least;
        load.merge(least, 1, Integer::sum);
        moved++;
      }
    }
    return new Assignment(target, moved);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PartServerMap && ((PartServerMap) o).servers.equals(servers);
  }

  @Override
  public int hashCode() {
    return servers.hashCode();
  }

  @Override
  public String toString() {
    return "PartServerMap" + servers;
  }

  /** The server of each part for one set of live servers. */
  public static final class Assignment {
    private final String[] target;
    private final int moved;

    Assignment(String[] target, int moved) {
      this.target = target;
      this.moved = moved;
    }

    /** The server of part p (p &ge; 0). */
    public String serverOf(int part) {
      return target[part % target.length];
    }

    /** Parts placed away from their recorded server, because it is not live. */
    public int movedParts() {
      return moved;
    }

    @Override
    public String toString() {
      return Arrays.toString(target);
    }
  }
}
