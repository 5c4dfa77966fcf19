package dev.condlint.rules.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The rule ids of the catalogue (CONVENTIONS.md §2) by code, from the test resource
 * {@code catalogue.txt}, so that tests run on a clone without {@code ../shared}.
 */
public final class Catalogue {
  private static final Map<String, String> ID_BY_CODE = read();

  private Catalogue() {}

  /** Code ({@code A02}) to rule id ({@code condition-type-required}), in catalogue order. */
  public static Map<String, String> idsByCode() {
    return ID_BY_CODE;
  }

  public static boolean containsId(String id) {
    return ID_BY_CODE.containsValue(id);
  }

  private static Map<String, String> read() {
    try (InputStream in = Catalogue.class.getResourceAsStream("/catalogue.txt")) {
      Map<String, String> byCode = new LinkedHashMap<>();
      new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .lines()
          .filter(l -> !l.isBlank() && !l.startsWith("#"))
          .forEach(
              l -> {
                String[] parts = l.trim().split(" ");
                byCode.put(parts[0], parts[1]);
              });
      return Collections.unmodifiableMap(byCode);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
