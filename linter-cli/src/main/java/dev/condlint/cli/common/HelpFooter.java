package dev.condlint.cli.common;

import dev.condlint.rules.profile.Profile;
import java.util.ArrayList;
import java.util.List;

/** The closing part of the commands' help: the profiles, and examples of use. */
public final class HelpFooter {
  private static final int WIDTH = 80;
  private static final String INDENT = "  ";

  private HelpFooter() {}

  /** For {@code condlint --help}. */
  public static String[] top() {
    return examples(28,
        example("condlint lint deploy/", "lint the manifests under deploy/"),
        example("condlint audit", "lint the live objects of the current cluster"),
        example("condlint explain Pod", "the condition contract condlint applies to a kind"),
        example("condlint rules", "list every rule: id, severity, scope and title"),
        example("condlint status rendered/", "what kstatus concludes for each object"),
        example("condlint help lint", "lint's options, profiles and examples"),
        example("condlint completion bash", "a completion script for bash (or zsh)"));
  }

  /** For {@code condlint lint --help}, which lists these profiles. */
  public static String[] lint(List<Profile> profiles) {
    List<String> out = new ArrayList<>();
    out.add("");
    out.addAll(wrap("Profiles (chosen for each object from its API group, unless --profile or the configuration's"
        + " profile and groups say otherwise; docs/configuration.md):", ""));
    for (Profile p : profiles) {
      out.addAll(row(p.name(), p.description(), 14));
    }
    out.add("");
    return lines(out, "Examples:", List.of(
        example("condlint lint deploy/", "the YAML and JSON files under deploy/"),
        example("kubectl get widgets -A -o yaml | condlint lint -", "objects as the cluster has them"),
        example("condlint lint --crds config/crd/bases/ config/samples/", "custom resources against their CRDs"),
        example("condlint lint --format sarif -o condlint.sarif .", "a report for GitHub code scanning"),
        example("condlint lint --summary legacy/", "how many findings of each rule"),
        example("condlint lint --fail-on warning --profile kstatus charts/",
            "warnings fail; every object as kstatus")), 35);
  }

  /** For {@code condlint explain --help}. */
  public static String[] explain() {
    return examples(38,
        example("condlint explain deploy/rollout.yaml",
            "each object's contract, and the .condlint.yaml entry that declares what condlint inferred"),
        example("condlint explain Rollout.argoproj.io", "what condlint knows of a kind, in every version"),
        example("condlint explain argoproj.io/v1alpha1/Rollout", "... in one version"),
        example("condlint explain --crds crds/ Widget.example.com", "what a CRD declares"));
  }

  /** For {@code condlint audit --help}. */
  public static String[] audit() {
    return examples(44,
        example("condlint audit", "every object with a status, in the kubeconfig's current context"),
        example("condlint audit --context prod -n shop", "one namespace of another context"),
        example("condlint audit --kinds '*.fluxcd.io/*' --fail-on warning", "Flux's objects; warnings fail"),
        example("condlint audit --format json -o audit.json", "a report for scripts"),
        example("condlint audit --save snapshot/", "... and a copy: condlint lint snapshot/ re-runs it offline"));
  }

  private record Example(String command, String meaning) {}

  private static Example example(String command, String meaning) {
    return new Example(command, meaning);
  }

  /** A blank line, then the examples with their commands in a column this wide. */
  private static String[] examples(int commandWidth, Example... examples) {
    return lines(List.of(""), "Examples:", List.of(examples), commandWidth);
  }

  private static String[] lines(List<String> before, String heading, List<Example> examples, int commandWidth) {
    List<String> out = new ArrayList<>(before);
    out.add(heading);
    for (Example e : examples) {
      out.addAll(row(e.command(), e.meaning(), commandWidth));
    }
    // picocli formats each footer line: a literal % must be doubled.
    return out.stream().map(l -> l.replace("%", "%%")).toArray(String[]::new);
  }

  /** {@code  name  text}, the text wrapped under itself; a name too long for its column gets a line of its own. */
  private static List<String> row(String name, String text, int nameWidth) {
    String pad = " ".repeat(INDENT.length() + nameWidth);
    List<String> out = new ArrayList<>();
    if (name.length() >= nameWidth) {
      out.add(INDENT + name);
      out.addAll(wrap(text, pad));
      return out;
    }
    List<String> wrapped = wrap(text, pad);
    out.add(INDENT + name + " ".repeat(nameWidth - name.length()) + wrapped.get(0).substring(pad.length()));
    out.addAll(wrapped.subList(1, wrapped.size()));
    return out;
  }

  /** The text in lines of at most {@link #WIDTH} characters, each starting with the indent. */
  private static List<String> wrap(String text, String indent) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder(indent);
    for (String word : text.split(" ")) {
      if (line.length() > indent.length() && line.length() + 1 + word.length() > WIDTH) {
        lines.add(line.toString());
        line = new StringBuilder(indent);
      }
      if (line.length() > indent.length()) {
        line.append(' ');
      }
      line.append(word);
    }
    lines.add(line.toString());
    return lines;
  }
}
