package dev.condlint.cli.report;

import java.util.Optional;

/**
 * The commit a run linted (SARIF {@code versionControlProvenance}): the repository's URI (no
 * credentials), the commit, and the branch when one is checked out.
 */
public record VersionControl(String repositoryUri, String revisionId, Optional<String> branch) {}
