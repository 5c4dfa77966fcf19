package dev.condlint.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * {@code monitor-latency --metrics URL --server URL [--times N] [--objects N]}: how long a finding takes
 * from the event that causes it to {@code /metrics}. Each time, the sum of condlint_findings is read,
 * an object of the stand-in server ({@link WatchServer}) is given a new mistake (its watches hear of
 * it at once), and /metrics is read every 10 ms until the sum has grown: the time from the server's
 * answer (the event is sent) to the first scrape that shows it. Prints each time, then the median and
 * the largest; an event whose finding does not show within 10 s counts as such.
 */
final class MonitorLatency {
  private MonitorLatency() {}

  static void run(List<String> args) throws IOException, InterruptedException {
    String metrics = BenchMain.option(args, "--metrics", "http://127.0.0.1:8080") + "/metrics";
    String server = BenchMain.option(args, "--server", "http://127.0.0.1:8081");
    int times = Integer.parseInt(BenchMain.option(args, "--times", "20"));
    int objects = Integer.parseInt(BenchMain.option(args, "--objects", "2000"));
    HttpClient http = HttpClient.newHttpClient();
    List<Long> millis = new ArrayList<>();
    int missed = 0;
    for (int t = 0; t < times; t++) {
      double before = findings(http, metrics);
      // Objects spread over the run, each broken once.
      int object = (int) ((long) t * objects / times + t) % Math.max(1, objects);
      http.send(HttpRequest.newBuilder(URI.create(server + "/bench/break?i=" + object))
          .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
      long sent = System.nanoTime();
      long deadline = sent + Duration.ofSeconds(10).toNanos();
      boolean seen = false;
      while (System.nanoTime() < deadline) {
        if (findings(http, metrics) > before) {
          seen = true;
          break;
        }
        Thread.sleep(10);
      }
      if (seen) {
        long ms = Duration.ofNanos(System.nanoTime() - sent).toMillis();
        millis.add(ms);
        System.out.println("event " + t + " (object " + object + "): in /metrics after " + ms + " ms");
      } else {
        missed++;
        System.out.println("event " + t + " (object " + object + "): not in /metrics within 10 s");
      }
      Thread.sleep(100);
    }
    Collections.sort(millis);
    System.out.println("latency: median " + (millis.isEmpty() ? "n/a" : millis.get(millis.size() / 2) + " ms")
        + ", max " + (millis.isEmpty() ? "n/a" : millis.get(millis.size() - 1) + " ms") + ", " + millis.size() + " of "
        + times + " events seen, " + missed + " not within 10 s");
  }

  private static double findings(HttpClient http, String metrics) throws IOException, InterruptedException {
    String body = http.send(HttpRequest.newBuilder(URI.create(metrics)).build(), HttpResponse.BodyHandlers.ofString())
        .body();
    return body.lines().filter(l -> l.startsWith("condlint_findings{"))
        .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
  }
}
