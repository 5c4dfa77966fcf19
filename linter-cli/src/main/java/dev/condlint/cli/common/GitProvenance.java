package dev.condlint.cli.common;

import dev.condlint.cli.report.VersionControl;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Asks {@code git} which commit of which repository a directory is at, for SARIF's
 * {@code versionControlProvenance}; nothing when git is missing, the directory is in no work tree, or
 * the work tree has no remote {@code origin} (SARIF wants the repository's URI).
 */
public final class GitProvenance {
  /** {@code git@github.com:org/repo.git}, the scp-like syntax git accepts for ssh. */
  private static final Pattern SCP = Pattern.compile("(?:[^@/]+@)?([^:/]+):(?!//)(.+)");
  private static final long TIMEOUT_SECONDS = 10;

  private GitProvenance() {}

  /** The commit of the work tree that holds {@code directory}, asking the {@code git} on {@code path}. */
  public static Optional<VersionControl> of(Path directory, Optional<String> path) {
    Optional<Path> git = onPath(path);
    if (git.isEmpty()) {
      return Optional.empty();
    }
    Optional<String> revision = git(git.get(), directory, "rev-parse", "--verify", "HEAD");
    Optional<String> remote = git(git.get(), directory, "config", "--get", "remote.origin.url")
        .flatMap(GitProvenance::httpUri);
    if (revision.isEmpty() || remote.isEmpty()) {
      return Optional.empty();
    }
    Optional<String> branch = git(git.get(), directory, "symbolic-ref", "--quiet", "--short", "HEAD");
    return Optional.of(new VersionControl(remote.get(), revision.get(), branch));
  }

  /**
   * A remote's URL as a URI without credentials: {@code https://token@host/x} loses its user info, the
   * scp-like {@code git@host:org/repo.git} becomes {@code https://host/org/repo.git}.
   */
  static Optional<String> httpUri(String remote) {
    try {
      if (remote.contains("://")) {
        URI uri = new URI(remote);
        if (uri.getScheme() == null || uri.getHost() == null) {
          return Optional.empty();
        }
        String scheme = uri.getScheme().equals("ssh") || uri.getScheme().equals("git") ? "https" : uri.getScheme();
        int port = scheme.equals(uri.getScheme()) ? uri.getPort() : -1;
        return Optional.of(new URI(scheme, null, uri.getHost(), port, uri.getPath(), null, null).toString());
      }
      Matcher scp = SCP.matcher(remote);
      if (scp.matches()) {
        String path = scp.group(2).startsWith("/") ? scp.group(2) : "/" + scp.group(2);
        return Optional.of(new URI("https", null, scp.group(1), -1, path, null, null).toString());
      }
    } catch (URISyntaxException e) {
      return Optional.empty();
    }
    return Optional.empty();
  }

  /** The {@code git} executable on the run's {@code PATH} (the environment's, which tests set). */
  private static Optional<Path> onPath(Optional<String> path) {
    for (String dir : path.orElse("").split(java.io.File.pathSeparator)) {
      Path candidate = dir.isEmpty() ? null : Path.of(dir, "git");
      if (candidate != null && Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  private static Optional<String> git(Path git, Path directory, String... args) {
    List<String> command = new java.util.ArrayList<>(List.of(git.toString(), "-C", directory.toString()));
    command.addAll(List.of(args));
    try {
      Process process = new ProcessBuilder(command)
          .redirectError(ProcessBuilder.Redirect.DISCARD)
          .redirectInput(ProcessBuilder.Redirect.PIPE)
          .start();
      process.getOutputStream().close();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return Optional.empty();
      }
      return process.exitValue() == 0 && !out.isEmpty() ? Optional.of(out) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }
}
