package dev.condlint.rules.schema;

import java.util.List;
import java.util.Optional;

/**
 * A source of kinds' schemas beside the CRDs of a run: condlint's bundled CRD catalogue, or a schema
 * location a front end read. Kinds are matched without regard to case, as catalogue file names are in
 * lower case. Implementations are safe to share across threads.
 */
public interface KindSchemaSource {

  /** The kind's schema at exactly this version, when the source has it. */
  Optional<KindSchema> find(String group, String version, String kind);

  /**
   * Every version of the kind the source holds, in no particular order; empty where the source can
   * only be asked for one version at a time (a URL template).
   */
  List<KindSchema> versions(String group, String kind);

  /** The kinds of a group the source holds, as it spells them; empty where it cannot list them (a URL template). */
  default List<String> kindNames(String group) {
    return List.of();
  }
}
