package dev.condlint.yaml;

import dev.condlint.model.Pointers;
import dev.condlint.model.Position;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Finds the mappings an example marks as partial with an elision comment: docs and READMEs show objects
 * with parts left out and say so ({@code # ...}, {@code # other fields omitted for brevity}), and a
 * required field missing there is no claim about the object the author meant.
 *
 * <p>A comment is an elision comment when its text, without {@code #}, brackets and blanks, is only an
 * ellipsis ({@code ...}, {@code …}), when it begins with one ({@code # ... more fields}), or when it
 * names content left out: a word of {@link #VOCABULARY}, case-insensitive. A YAML document end marker
 * ({@code ...} on a line of its own) is no comment and marks nothing.
 *
 * <p>A comment on a line of its own belongs to the innermost mapping around it whose keys stand at or
 * left of its column; one right under a {@code key:} with nothing else, at a column right of the key,
 * makes {@code key} a partial mapping (it reads as null). A comment after a key on its line
 * ({@code spec: # ...}) marks that key's mapping, or its null. Comments above a document's first key mark
 * nothing.
 */
final class Elisions {
  /** The words and phrases that say content is left out; documented in docs/cli.md. */
  static final List<String> VOCABULARY = List.of(
      "omitted", "not shown", "elided", "truncated", "snip", "snipped", "abbreviated", "for brevity",
      "rest of", "other fields");

  private static final Pattern WORDS = Pattern.compile(
      "\\b(?:" + String.join("|", VOCABULARY.stream().map(Pattern::quote).toList()) + ")\\b",
      Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
  private static final Pattern ONLY_ELLIPSIS = Pattern.compile("(?:\\.{2,}|…)[.…]*");
  private static final Pattern STARTS_WITH_ELLIPSIS = Pattern.compile("^[\\s(\\[{<]*(?:\\.{3}|…)");
  /** What {@link #mayHold} looks for after a {@code #}: a loose superset of an elision comment. */
  private static final Pattern CUE = Pattern.compile("\\.\\.|…|" + WORDS.pattern(), WORDS.flags());

  private Elisions() {}

  /**
   * Whether a text may hold an elision comment: a {@code #} followed on its line by an ellipsis or a
   * word of the vocabulary. A text without one has no comment worth collecting for this.
   */
  static boolean mayHold(String text) {
    for (int hash = text.indexOf('#'); hash >= 0; hash = text.indexOf('#', hash + 1)) {
      int end = lineEnd(text, hash);
      if (CUE.matcher(text).region(hash + 1, end).find()) {
        return true;
      }
      hash = end;
      if (hash >= text.length()) {
        return false;
      }
    }
    return false;
  }

  private static int lineEnd(String text, int from) {
    for (int i = from; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\n' || c == '\r') {
        return i;
      }
    }
    return text.length();
  }

  /** Whether a comment's text (without its {@code #}) says that content is left out here. */
  static boolean isElision(String text) {
    StringBuilder stripped = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (!Character.isWhitespace(c) && c != '#' && "()[]{}<>".indexOf(c) < 0) {
        stripped.append(c);
      }
    }
    return ONLY_ELLIPSIS.matcher(stripped).matches()
        || STARTS_WITH_ELLIPSIS.matcher(text).find()
        || WORDS.matcher(text).find();
  }

  /**
   * The partial mappings of a document, by pointer, each with the position of the first elision comment
   * that marks it; {@code comments} are the document's, in source order.
   */
  static Map<String, Position> of(SourceNode root, List<Comment> comments) {
    Map<String, Position> out = null;
    for (Comment c : comments) {
      if (!isElision(c.text())) {
        continue;
      }
      String pointer = c.trailing() ? onKeyLine(root, c.at()) : around(root, c.at());
      if (pointer != null) {
        if (out == null) {
          out = new HashMap<>();
        }
        out.putIfAbsent(pointer, c.at());
      }
    }
    return out == null ? Map.of() : out;
  }

  /** The mapping a comment on a line of its own belongs to, or null. */
  private static String around(SourceNode root, Position at) {
    if (!(root instanceof SourceNode.Mapping mapping) || mapping.keys.length == 0
        || at.line() < mapping.keyPosition(0).line() || at.column() < mapping.keyPosition(0).column()) {
      return null;
    }
    String pointer = "";
    while (true) {
      int entry = lastEntryBefore(mapping, at.line());
      if (entry < 0) {
        return pointer;
      }
      Position key = mapping.keyPosition(entry);
      SourceNode value = mapping.values[entry];
      String child = Pointers.append(pointer, mapping.keys[entry]);
      if (value instanceof SourceNode.Mapping inner) {
        if (inner.keys.length == 0) {
          return at.column() > key.column() ? child : pointer;
        }
        if (at.column() < inner.keyPosition(0).column()) {
          return pointer;
        }
        mapping = inner;
        pointer = child;
      } else if (value instanceof SourceNode.Sequence list) {
        int item = lastItemAtOrBefore(list, at.line());
        if (item < 0 || !(list.items[item] instanceof SourceNode.Mapping inner) || inner.keys.length == 0
            || at.column() < inner.keyPosition(0).column()) {
          return pointer;
        }
        mapping = inner;
        pointer = Pointers.append(child, item);
      } else if (isNull(value) && at.column() > key.column()) {
        return child;
      } else {
        return pointer;
      }
    }
  }

  /** The mapping, or null, of the key a trailing comment follows on its line ({@code spec: # ...}), or null. */
  private static String onKeyLine(SourceNode root, Position at) {
    if (!(root instanceof SourceNode.Mapping mapping)) {
      return null;
    }
    String pointer = "";
    while (true) {
      int entry = lastEntryAtOrBefore(mapping, at.line());
      if (entry < 0) {
        return null;
      }
      SourceNode value = mapping.values[entry];
      String child = Pointers.append(pointer, mapping.keys[entry]);
      if (mapping.keyPosition(entry).line() == at.line()) {
        return value instanceof SourceNode.Mapping || isNull(value) ? child : null;
      }
      if (value instanceof SourceNode.Mapping inner) {
        mapping = inner;
        pointer = child;
      } else if (value instanceof SourceNode.Sequence list) {
        int item = lastItemAtOrBefore(list, at.line());
        if (item < 0 || !(list.items[item] instanceof SourceNode.Mapping inner)) {
          return null;
        }
        mapping = inner;
        pointer = Pointers.append(child, item);
      } else {
        return null;
      }
    }
  }

  private static boolean isNull(SourceNode value) {
    return value instanceof SourceNode.Scalar s && s.plain && (s.text.isEmpty() || s.text.equals("~")
        || s.text.equalsIgnoreCase("null"));
  }

  private static int lastEntryBefore(SourceNode.Mapping mapping, int line) {
    return lastEntryAtOrBefore(mapping, line - 1);
  }

  private static int lastEntryAtOrBefore(SourceNode.Mapping mapping, int line) {
    int found = -1;
    for (int i = 0; i < mapping.keys.length; i++) {
      if (mapping.keyPosition(i).line() <= line) {
        found = i;
      }
    }
    return found;
  }

  private static int lastItemAtOrBefore(SourceNode.Sequence list, int line) {
    int found = -1;
    for (int i = 0; i < list.items.length; i++) {
      if (list.items[i].position().line() <= line) {
        found = i;
      }
    }
    return found;
  }
}
