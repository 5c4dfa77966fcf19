package dev.condlint.cluster.testing;

import java.util.Comparator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Kubernetes' version priority (GA, then beta, then alpha; higher numbers first), as the API server orders versions. */
final class KubeVersions {
  private static final Pattern VERSION = Pattern.compile("v(\\d+)(?:(alpha|beta)(\\d+))?");

  static final Comparator<String> MOST_PREFERRED_FIRST = KubeVersions::compare;

  private KubeVersions() {}

  private static int compare(String a, String b) {
    Matcher ma = VERSION.matcher(a);
    Matcher mb = VERSION.matcher(b);
    boolean ka = ma.matches();
    boolean kb = mb.matches();
    if (!ka || !kb) {
      return ka == kb ? a.compareTo(b) : ka ? -1 : 1;
    }
    int byStability = Integer.compare(stability(mb.group(2)), stability(ma.group(2)));
    if (byStability != 0) {
      return byStability;
    }
    int byMajor = Integer.compare(Integer.parseInt(mb.group(1)), Integer.parseInt(ma.group(1)));
    if (byMajor != 0 || ma.group(3) == null) {
      return byMajor;
    }
    return Integer.compare(Integer.parseInt(mb.group(3)), Integer.parseInt(ma.group(3)));
  }

  private static int stability(String label) {
    return label == null ? 2 : label.equals("beta") ? 1 : 0;
  }
}
