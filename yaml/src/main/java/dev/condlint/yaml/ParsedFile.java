package dev.condlint.yaml;

import dev.condlint.model.SourceProblem;
import java.util.List;

/**
 * What a file held: its documents (in order), its comments, and the problems that stopped reading.
 * A syntax error ends the file; the documents before it are kept.
 */
public record ParsedFile(List<ParsedDocument> documents, List<Comment> comments, List<SourceProblem> problems) {}
