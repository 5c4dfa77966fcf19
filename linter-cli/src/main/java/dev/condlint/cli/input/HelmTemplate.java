package dev.condlint.cli.input;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Renders a Helm chart with the {@code helm} binary ({@code helm template CHART}) and cuts its output
 * into one text per template, as {@code helm template CHART --show-only templates/x.yaml} prints it:
 * each rendered document with its {@code ---} and {@code # Source:} lines. A finding's line in such a
 * text is the line in what {@code --show-only} prints for that template.
 */
public final class HelmTemplate {
  static final String CHART_FILE = "Chart.yaml";
  private static final String SOURCE = "# Source: ";
  private static final long TIMEOUT_SECONDS = 120;

  private final Path helm;

  private HelmTemplate(Path helm) {
    this.helm = helm;
  }

  /** The {@code helm} executable on this {@code PATH}, if there is one. */
  public static Optional<HelmTemplate> onPath(Optional<String> path) {
    for (String dir : path.orElse("").split(File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(dir, "helm");
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return Optional.of(new HelmTemplate(candidate));
      }
    }
    return Optional.empty();
  }

  static boolean isChart(Path dir) {
    return Files.isRegularFile(dir.resolve(CHART_FILE));
  }

  /** What rendering a chart gave: each template's text by its path in the chart, or why it failed. */
  record Rendered(Map<String, String> templates, Optional<String> failure) {}

  Rendered render(Path chartDir) {
    Path chart = chartDir.toAbsolutePath().normalize();
    Process process;
    try {
      process = new ProcessBuilder(helm.toString(), "template", chart.toString())
          .directory(chart.toFile())
          .redirectInput(ProcessBuilder.Redirect.from(new File(nullDevice())))
          .start();
    } catch (IOException e) {
      return failed("cannot run " + helm + ": " + e.getMessage());
    }
    CompletableFuture<String> errors = CompletableFuture.supplyAsync(() -> readAll(process.getErrorStream()));
    String out = readAll(process.getInputStream());
    try {
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return failed("helm template did not finish in " + TIMEOUT_SECONDS + " s");
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      return failed("interrupted while helm template ran");
    }
    if (process.exitValue() != 0) {
      String message = errors.join().strip();
      int nl = message.indexOf('\n');
      return failed("helm template failed (exit " + process.exitValue() + ")"
          + (message.isEmpty() ? "" : ": " + (nl < 0 ? message : message.substring(0, nl))));
    }
    return new Rendered(split(out), Optional.empty());
  }

  private static Rendered failed(String why) {
    return new Rendered(Map.of(), Optional.of(why));
  }

  /**
   * Cuts {@code helm template} output at its {@code # Source: CHART/templates/x.yaml} lines into one
   * text per template (its path without the chart's name, {@code templates/x.yaml}), each document
   * starting with its {@code ---} line. What comes before the first source line belongs to none.
   */
  static Map<String, String> split(String rendered) {
    Map<String, StringBuilder> texts = new LinkedHashMap<>();
    List<String> lines = new ArrayList<>(List.of(rendered.split("\n", -1)));
    if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
      lines.remove(lines.size() - 1);
    }
    StringBuilder current = null;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      boolean separator = line.equals("---") && i + 1 < lines.size() && lines.get(i + 1).startsWith(SOURCE);
      if (separator) {
        current = null;
        continue;
      }
      if (line.startsWith(SOURCE) && (current == null || i > 0 && lines.get(i - 1).equals("---"))) {
        String source = line.substring(SOURCE.length()).strip();
        int slash = source.indexOf('/');
        String template = slash < 0 ? source : source.substring(slash + 1);
        current = texts.computeIfAbsent(template, t -> new StringBuilder());
        current.append("---\n").append(line).append('\n');
        continue;
      }
      if (current != null) {
        current.append(line).append('\n');
      }
    }
    Map<String, String> result = new LinkedHashMap<>();
    texts.forEach((template, text) -> result.put(template, text.toString()));
    return result;
  }

  private static String readAll(InputStream in) {
    try (in) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }

  private static String nullDevice() {
    return System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null";
  }
}
