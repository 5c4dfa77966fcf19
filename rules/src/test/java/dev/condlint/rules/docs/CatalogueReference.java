package dev.condlint.rules.docs;

import dev.condlint.model.GoDuration;
import dev.condlint.rules.contract.Catalogue;
import dev.condlint.rules.contract.ConditionFamily;
import dev.condlint.rules.contract.ContractSpec;
import dev.condlint.rules.contract.FamilyGuess;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.FieldRule;
import dev.condlint.rules.contract.ListSpec;
import dev.condlint.rules.contract.Polarity;
import dev.condlint.rules.contract.Shape;
import dev.condlint.rules.contract.Timing;
import dev.condlint.rules.contract.TypeVocabulary;
import dev.condlint.rules.schema.CrdIndex;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Writes {@code docs/catalogue.md} from the built-in contract catalogue: every condition family with
 * its fields and source, how a family is guessed from fields, the type names whose polarity is the
 * same everywhere, the shapes of embedded structs, and every entry (group, kinds, and per condition
 * list its family, summary, polarities and observedGeneration) with its upstream citation, the
 * timing some entries document, and the sources of the bundled CRD catalogue.
 */
final class CatalogueReference {
  static final String REGENERATE =
      "./mvnw -pl rules -am test -Dtest=CatalogueReferenceTest -Dsurefire.failIfNoSpecifiedTests=false"
          + " -Dcondlint.updateDocs=true";

  private final Catalogue catalogue;

  CatalogueReference(Catalogue catalogue) {
    this.catalogue = catalogue;
  }

  String markdown() {
    StringBuilder md = new StringBuilder();
    md.append("# condlint's contract catalogue\n\n")
        .append("<!-- Generated from the catalogue's JSON files by CatalogueReferenceTest; do not edit.\n")
        .append("     Regenerate with: ").append(REGENERATE).append(" -->\n\n")
        .append("What condlint knows of condition types when neither `.condlint.yaml` nor the kind's CRD says:")
        .append(' ').append(catalogue.families().size()).append(" condition families and ")
        .append(catalogue.entries().size()).append(" entries for well-known API groups and kinds, each with the")
        .append(" upstream source it was read from. [contracts.md](contracts.md) explains how condlint uses them,")
        .append(" and how to add an entry; `condlint explain KIND` shows what applies to one kind.\n\n");
    families(md);
    guesses(md);
    vocabulary(md);
    shapes(md);
    entries(md);
    timing(md);
    crdCatalogue(md);
    return md.toString().stripTrailing() + "\n";
  }

  /** The bundled CRD catalogue: its sources, pinned, and how many kinds it holds. */
  private static void crdCatalogue(StringBuilder md) {
    CrdIndex index = CrdIndex.builtIn();
    int kindVersions = index.sources().stream().mapToInt(CrdIndex.Source::kindVersions).sum();
    md.append("## The bundled CRD catalogue\n\n")
        .append("Beside the entries above, condlint bundles the condition lists of the CRD schemas of ")
        .append(index.groups().size()).append(" API groups (").append(kindVersions).append(" kind versions),")
        .append(" distilled from the public sources below, each pinned to a commit: for each group, kind and")
        .append(" version, the path of each condition list and its items' fields, required fields, types,")
        .append(" formats, enums, patterns and lengths, the list's type, map keys, maxItems and default. A kind")
        .append(" that neither the configuration, a CRD of the run, a schema location nor an entry above")
        .append(" declares takes its condition type from there, with the basis `crd-catalogue` (\"CRD schema")
        .append(" of group/Kind v1, datreeio/CRDs-catalog@7b1e26e\"); at the object's version, else the nearest")
        .append(" version of the kind, which the basis names. A source marked (Go types) is a Go operator that")
        .append(" commits no CRD manifest, read from its API types as controller-gen would write its CRDs (\"Go types")
        .append(" of group/Kind v1, owner/repo@abc1234\"). It says nothing of polarity or summary.")
        .append(" [contracts.md](contracts.md#in-condlints-crd-catalogue) says how it is distilled anew;")
        .append(" NOTICE gives each license.\n\n")
        .append("| Source | Commit | License | Kind versions |\n|---|---|---|---|\n");
    for (CrdIndex.Source s : index.sources()) {
      md.append("| ").append(s.repository()).append(s.goTypes() ? " (Go types)" : "").append(" | `").append(s.commit())
          .append("` | ").append(s.license())
          .append(" | ").append(s.kindVersions()).append(" |\n");
    }
    md.append('\n');
  }

  private void families(StringBuilder md) {
    md.append("## Condition families\n\n")
        .append("A family is a condition struct that many kinds share. `fields` lists every field with its rule:")
        .append(" required, optional, or required only for some statuses; non-empty where the value may not be")
        .append(" the empty string.\n\n")
        .append("| Family | Condition type | Fields | Source |\n|---|---|---|---|\n");
    for (ConditionFamily f : catalogue.families().values()) {
      md.append("| `").append(f.id()).append("` | ").append(cell(f.title())).append(" | ")
          .append(cell(fields(f.schema().fields()))).append(" | ").append(cell(f.source())).append(" |\n");
    }
    md.append('\n');
  }

  private void guesses(StringBuilder md) {
    md.append("### Guessing the family from the fields\n\n")
        .append("Where nothing declares a list's condition type, condlint infers its family from the fields its")
        .append(" conditions carry: the first rule that matches wins. A guessed family describes the list; the")
        .append(" rules that require or forbid fields use it as far as the evidence holds (none; values: the values")
        .append(" present; fields: also absent fields, where the list's other conditions carry them), and then at warning")
        .append(" ([contracts.md](contracts.md#the-evidence-ladder)); a rung that names its claims on the values makes")
        .append(" only those at warning (`closed`: a field the family lacks; `FIELD.KEYWORD`: that marker), each")
        .append(" measured on the bundled CRD index, and holds the others to the family's convention only, as infos.\n\n")
        .append("| One condition carries | and no field outside | in the API groups | Family | Holds |\n|---|---|---|---|---|\n");
    for (FamilyGuess g : catalogue.guesses()) {
      md.append("| ").append(String.join(", ", g.when())).append(" | ")
          .append(g.within().isEmpty() ? "" : "`" + g.within() + "`'s fields").append(" | ")
          .append(g.groups().stream().map(p -> "`" + p.pattern() + "`").collect(Collectors.joining(", ")))
          .append(" | `").append(g.family()).append("` | ").append(g.holds().name().toLowerCase(java.util.Locale.ROOT))
          .append(g.holds() == Known.Hold.VALUES && !g.asks().fields().isEmpty()
              ? "; also an absent " + String.join(" or ", g.asks().fields()) + " where " + g.asks().others()
                  + " or more others all carry it"
                  + (g.asks().onlyWhenAbnormal().isEmpty() ? ""
                      : " (" + String.join(", ", g.asks().onlyWhenAbnormal()) + " only in a condition's abnormal state)")
              : "")
          .append(g.holds() == Known.Hold.VALUES && !g.claims().contains("*")
              ? "; claims at warning: " + (g.claims().isEmpty() ? "none" : "`" + String.join("`, `", new java.util.TreeSet<>(g.claims())) + "`")
              : "")
          .append(" |\n");
    }
    md.append('\n');
  }

  private void vocabulary(StringBuilder md) {
    TypeVocabulary v = catalogue.vocabulary();
    md.append("## Type names\n\n")
        .append("The polarity of a type that no entry of the configuration, the catalogue or the profile names")
        .append(" comes from its name, where the name says the same in every project that uses it (its basis is")
        .append(" then `inferred`); any other type has no polarity, and the rules that depend on polarity leave")
        .append(" it alone.\n\n")
        .append("| Type | Polarity | Source |\n|---|---|---|\n");
    v.names().values().stream().sorted((a, b) -> a.name().compareTo(b.name())).forEach(w ->
        md.append("| ").append(w.name()).append(" | ").append(w.polarity().label()).append(" | ")
            .append(cell(w.source())).append(" |\n"));
    md.append("\nThen by the end of the name, at a word boundary (`ReconcileFailed`, not `Unfailed`), in this")
        .append(" order:\n\n| Name ends in | Polarity | Source |\n|---|---|---|\n");
    for (TypeVocabulary.Word w : v.endings()) {
      md.append("| ").append(w.name()).append(" | ").append(w.polarity().label()).append(" | ")
          .append(cell(w.source())).append(" |\n");
    }
    md.append("\nSummary types wherever they appear, when nothing declares a list's summary: ")
        .append(String.join(", ", new TreeSet<>(v.summaryNames()))).append(".\n\n")
        .append("Types whose `True` may stand beside a `True` summary (work under way or a deliberate state,")
        .append(" by name or name ending): ").append(String.join(", ", new TreeSet<>(v.coexistWithSummary())))
        .append(".\n\n")
        .append("Words that name work under way or a wait, in a type or a reason (whole name or last word):")
        .append(" an abnormal condition in such a state without a message is info, not a warning")
        .append(" (condition-message-when-abnormal): ").append(String.join(", ", new TreeSet<>(v.workUnderWay())))
        .append(".\n\n");
  }

  private void shapes(StringBuilder md) {
    md.append("## Shapes\n\n")
        .append("A condition list below `status.conditions` that no entry names is judged by what holds it, when")
        .append(" that is recognised by its fields, in any API group.\n\n")
        .append("| Struct | Recognised by | Judged as | Source |\n|---|---|---|---|\n");
    for (Shape s : catalogue.shapes()) {
      String judged = s.asKind()
          .map(k -> "the `status.conditions` of " + (k.group().isEmpty() ? k.kind() : k.kind() + "." + k.group()))
          .orElseGet(() -> list(s.list()));
      md.append("| ").append(s.name()).append(" | ")
          .append(s.minKeys() == s.keys().size() ? "" : "at least " + s.minKeys() + " of ")
          .append(String.join(", ", s.keys())).append(" | ").append(cell(judged)).append(" | ")
          .append(cell(s.source())).append(" |\n");
    }
    md.append('\n');
  }

  private void entries(StringBuilder md) {
    Map<String, List<ContractSpec>> byFile = new LinkedHashMap<>();
    catalogue.entries().forEach(e -> byFile.computeIfAbsent(e.basis().detail(), k -> new ArrayList<>()).add(e));
    md.append("## Entries\n\n")
        .append("Each entry speaks for the kinds of an API group (`\"\"` is the core group; `*.example.com`")
        .append(" every group under example.com; `*` every group); where several match a kind, the most")
        .append(" specific group comes first. A row per condition list the entry describes.\n\n");
    byFile.keySet().forEach(title -> md.append("- [").append(title).append("](#").append(anchor(title))
        .append(") (").append(byFile.get(title).size()).append(")\n"));
    md.append('\n');
    byFile.forEach((title, entries) -> {
      md.append("### ").append(title).append("\n\n")
          .append("| Group | Kinds | List | Contract | Source |\n|---|---|---|---|---|\n");
      for (ContractSpec e : entries) {
        e.lists().forEach((path, list) -> md.append("| `").append(group(e)).append("` | ").append(kinds(e)).append(" | ")
            .append(path).append(" | ").append(cell(list(list))).append(" | ").append(cell(e.basis().citation()))
            .append(" |\n"));
        if (e.lists().isEmpty()) {
          md.append("| `").append(group(e)).append("` | ").append(kinds(e)).append(" | none | no condition lists")
              .append(e.timing().isPresent() ? "; [timing](#timing)" : "").append(" | ").append(cell(e.basis().citation()))
              .append(" |\n");
        }
      }
      md.append('\n');
    });
  }

  /**
   * The entries that document a system's timing: the deadlines (with the system's defaults) or the
   * backoff its controllers keep, and every field the timing is read from, with its Go field and doc.
   */
  private void timing(StringBuilder md) {
    md.append("## Timing\n\n")
        .append("Some entries also say when the kinds' own system gives up on an object: the deadlines its")
        .append(" controllers enforce, named as the system's configuration names them and with its defaults, or")
        .append(" the backoff between retries. The rules of [landscaper.md](landscaper.md) and [arc.md](arc.md) and")
        .append(" `condlint status` read them; each field they read is cited below with its Go field and doc comment.\n\n");
    for (ContractSpec e : catalogue.entries()) {
      if (e.timing().isEmpty()) {
        continue;
      }
      Timing t = e.timing().get();
      md.append("### ").append(String.join(", ", new TreeSet<>(e.kinds()))).append(" (`").append(group(e)).append("`)\n\n")
          .append("Model `").append(t.model().label()).append("`");
      List<String> parts = new ArrayList<>();
      t.deadlines().forEach((name, d) -> parts.add("`" + name + "` " + d.map(GoDuration::format).orElse("none")));
      if (t.model().retries()) {
        parts.add("backoff after failure 0 to " + t.maxFailures() + ": "
            + String.join(", ", t.backoff().stream().map(GoDuration::format).toList()));
        parts.add("at most " + t.maxFailures() + " failures");
      }
      md.append(parts.isEmpty() ? "" : ": " + String.join("; ", parts)).append(". Source: ")
          .append(t.source()).append("\n\n| Field | Go | Doc |\n|---|---|---|\n");
      for (Timing.FieldCitation f : t.fields()) {
        md.append("| ").append(cell(f.path())).append(" | ").append(cell(f.go().replace("`", "'"))).append(" | ")
            .append(cell(f.doc())).append(" |\n");
      }
      md.append('\n');
    }
  }

  private static String group(ContractSpec e) {
    return e.group().pattern().isEmpty() ? "\"\"" : e.group().pattern();
  }

  private static String kinds(ContractSpec e) {
    List<String> parts = new ArrayList<>();
    parts.add(e.kinds().isEmpty() ? "every kind" : String.join(", ", new TreeSet<>(e.kinds())));
    if (!e.versions().isEmpty()) {
      parts.add("versions " + String.join(", ", new TreeSet<>(e.versions())));
    }
    if (!e.crdCategories().isEmpty()) {
      parts.add("whose CRD has the category " + String.join(" or ", new TreeSet<>(e.crdCategories())));
    }
    return String.join("; ", parts);
  }

  /** A list spec in one line: family (and its changes), summary, polarities by type and ending, observedGeneration. */
  private static String list(ListSpec list) {
    List<String> parts = new ArrayList<>();
    list.family().ifPresent(f -> parts.add("family `" + f.id() + "`"
        + (list.fields().isEmpty() ? "" : " with " + fields(list.fields()))));
    if (list.family().isEmpty() && !list.fields().isEmpty()) {
      parts.add("fields " + fields(list.fields()));
    }
    list.summary().ifPresent(s -> {
      parts.add("summary " + s.describe());
      s.sumsUp().forEach((type, summed) -> parts.add(type + " sums up "
          + (summed.isEmpty() ? "no other type" : String.join(", ", summed.stream().sorted().toList()))));
    });
    for (Polarity p : Polarity.values()) {
      List<String> types = new ArrayList<>();
      list.types().forEach((type, polarity) -> {
        if (polarity == p) {
          types.add(type);
        }
      });
      list.typeEndings().forEach((ending, polarity) -> {
        if (polarity == p) {
          types.add("..." + ending);
        }
      });
      if (!types.isEmpty()) {
        parts.add(p.label() + ": " + String.join(", ", types));
      }
    }
    list.generation().ifPresent(g -> parts.add("observedGeneration " + g.label()));
    if (!list.facts().repeatableTypes().isEmpty()) {
      parts.add("repeatable: " + String.join(", ", new TreeSet<>(list.facts().repeatableTypes())));
    }
    return String.join("; ", parts);
  }

  private static String fields(Map<String, FieldRule> fields) {
    List<String> out = new ArrayList<>();
    fields.forEach((name, rule) -> out.add(name + " (" + rule.describe() + ")"));
    return String.join(", ", out);
  }

  /** GitHub's heading anchor: lower case, spaces to dashes, other punctuation dropped. */
  static String anchor(String heading) {
    return heading.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9 -]", "").replace(' ', '-');
  }

  private static String cell(String text) {
    return text.replace("|", "\\|").replace("\n", " ");
  }
}
