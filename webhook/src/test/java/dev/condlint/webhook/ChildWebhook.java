package dev.condlint.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.admission.Reviews;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * {@code condlint-webhook} (its {@link Main}) in a JVM of its own, on the test's class path: for what
 * only a real process shows, a SIGTERM, its memory, what it writes to stdout and stderr.
 */
final class ChildWebhook implements AutoCloseable {
  private final Process process;
  private final Path stdout;
  private final Path stderr;

  private ChildWebhook(Process process, Path stdout, Path stderr) {
    this.process = process;
    this.stdout = stdout;
    this.stderr = stderr;
  }

  /**
   * Starts {@code java JVM_FLAGS... dev.condlint.webhook.Main ARGS...}; its stdout and stderr go to
   * files in {@code dir}.
   */
  static ChildWebhook start(Path dir, List<String> jvmFlags, List<String> args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmFlags);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(Main.class.getName());
    command.addAll(args);
    Path stdout = dir.resolve("stdout.txt");
    Path stderr = dir.resolve("stderr.txt");
    Process process = new ProcessBuilder(command)
        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
        .redirectOutput(stdout.toFile())
        .redirectError(stderr.toFile())
        .start();
    return new ChildWebhook(process, stdout, stderr);
  }

  /** The first stdout line, read as JSON, that matches; fails after {@code wait} or when the process ends first. */
  JsonNode awaitLine(Predicate<JsonNode> matches, Duration wait) throws InterruptedException {
    long until = System.nanoTime() + wait.toNanos();
    while (true) {
      boolean ended = !process.isAlive();
      for (String line : stdout()) {
        JsonNode json = Reviews.json(line);
        if (matches.test(json)) {
          return json;
        }
      }
      if (ended || System.nanoTime() > until) {
        throw new AssertionError("no such line within " + wait + "; stdout: " + stdout() + "; stderr: " + stderr()
            + "; threads: " + threads());
      }
      Thread.sleep(20);
    }
  }

  /** The {@code port} of the first log line with this message. */
  int portLogged(String message) throws InterruptedException {
    return awaitLine(l -> l.path("msg").asText().equals(message), Duration.ofSeconds(30)).path("port").asInt();
  }

  /** Every whole stdout line so far. */
  List<String> stdout() {
    String text = read(stdout);
    return text.substring(0, text.lastIndexOf('\n') + 1).lines().toList();
  }

  String stderr() {
    return read(stderr);
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The process's thread dump, for a failure message. */
  private String threads() {
    if (!process.isAlive()) {
      return "(exited)";
    }
    try {
      Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jstack").toString(),
          String.valueOf(process.pid())).redirectErrorStream(true).start();
      return new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "(jcmd failed: " + e + ")";
    }
  }

  /**
   * What a failure message needs to tell a dead webhook from a busy one: whether the process still runs
   * (its exit status if not), and the last lines of its stdout and stderr.
   */
  String state() {
    String alive = process.isAlive() ? "running" : "exited with " + process.exitValue();
    List<String> out = stdout();
    return "webhook " + alive + "; last stdout lines: " + out.subList(Math.max(0, out.size() - 5), out.size())
        + "; stderr: " + stderr();
  }

  long pid() {
    return process.pid();
  }

  /** SIGTERM, as the kubelet sends it. */
  void terminate() {
    process.destroy();
  }

  /** The exit status, once the process ended. */
  int awaitExit(Duration wait) throws InterruptedException {
    if (!process.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS)) {
      throw new AssertionError("the webhook did not exit within " + wait + "; stdout: " + stdout());
    }
    return process.exitValue();
  }

  @Override
  public void close() {
    process.destroyForcibly();
  }
}
