package org.spgemm.env;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rule that only package {@code org.spgemm.env} may use Accumulo outside its public API. The
 * API is what Accumulo 2.1 states it to be (accumulo.apache.org/api): the public types of
 * {@code core.client}, {@code core.data}, {@code core.iterators}, {@code core.security},
 * {@code minicluster} and {@code hadoop} and their sub-packages, except those named
 * {@code impl}, {@code thrift} or {@code crypto}; to it this project adds the plugin interfaces of
 * {@code core.spi}. Everything else under {@code org.apache.accumulo} is internal: server,
 * tserver, manager, gc, start, miniclusterImpl, and core's own internals (clientImpl, dataImpl,
 * iteratorsImpl, metadata, util, conf, ...).
 *
 * <p>A source file is read as text. Its imports (static or not, wildcards too) and any fully
 * qualified {@code org.apache.accumulo} name in its code count; names inside comments and string
 * literals do not.
 */
final class ServerInternalImports {

  static final String ENV_PACKAGE = "org.spgemm.env";

  private static final String ACCUMULO = "org.apache.accumulo.";
  private static final List<String> PUBLIC_PACKAGES = List.of("core.client.", "core.data.",
      "core.iterators.", "core.security.", "minicluster.", "hadoop.", "core.spi.");
  private static final Pattern EXCLUDED_SEGMENT = Pattern.compile("\\.(impl|thrift|crypto)\\.");
  private static final Pattern PACKAGE = Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;");
  private static final Pattern IMPORT =
      Pattern.compile("^\\s*import\\s+(?:static\\s+)?([\\w.]+(?:\\.\\*)?)\\s*;");
  private static final Pattern QUALIFIED = Pattern.compile("\\borg\\.apache\\.accumulo(\\.\\w+)+");

  private ServerInternalImports() {}

  /** Whether a qualified name (class, member or wildcard) lies in Accumulo's public API. */
  static boolean isPublicApi(String name) {
    if (!name.startsWith(ACCUMULO)) {
      return true;
    }
    String rest = name.substring(ACCUMULO.length());
    boolean spi = rest.startsWith("core.spi.");
    return PUBLIC_PACKAGES.stream().anyMatch(rest::startsWith)
        && (spi || !EXCLUDED_SEGMENT.matcher("." + rest).find());
  }

  /**
   * The lines of one source file that use non-public Accumulo API, as
   * {@code file:line: text}; none when the file is in {@value #ENV_PACKAGE}.
   */
  static List<String> violations(String file, String source) {
    String[] lines = source.split("\n", -1);
    String[] code = JavaCode.withoutCommentsAndLiterals(source).split("\n", -1);
    List<String> found = new ArrayList<>();
    for (int i = 0; i < code.length; i++) {
      Matcher pkg = PACKAGE.matcher(code[i]);
      if (pkg.find() && inEnv(pkg.group(1))) {
        return List.of();
      }
      Matcher imp = IMPORT.matcher(code[i]);
      List<String> names = new ArrayList<>();
      if (imp.find()) {
        names.add(imp.group(1));
      } else {
        Matcher q = QUALIFIED.matcher(code[i]);
        while (q.find()) {
          names.add(q.group());
        }
      }
      if (names.stream().anyMatch(n -> !isPublicApi(n))) {
        found.add(file + ":" + (i + 1) + ": " + lines[i].trim());
      }
    }
    return found;
  }

  private static boolean inEnv(String pkg) {
    return pkg.equals(ENV_PACKAGE) || pkg.startsWith(ENV_PACKAGE + ".");
  }
}
