package dev.condlint.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * {@code fetch --server URL --ca PEM [--chunk-size N] [--concurrency N]}: the mock's own serving time. Asks
 * for what an audit asks (aggregated discovery, then every resource with a status, a page at a time,
 * as many lists at a time) and reads every answer's bytes, parsing nothing of a page but its
 * continue token. Prints the pages and bytes read.
 */
final class FetchOnly {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern CONTINUE = Pattern.compile("\"continue\"\\s*:\\s*\"([^\"]*)\"");
  private static final String AGGREGATED = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";

  private FetchOnly() {}

  static void run(List<String> args) throws Exception {
    String server = BenchMain.option(args, "--server", "https://localhost:8443/").replaceAll("/$", "");
    int chunk = Integer.parseInt(BenchMain.option(args, "--chunk-size", "500"));
    int concurrency = Integer.parseInt(BenchMain.option(args, "--concurrency", "4"));
    Path certificate = Path.of(BenchMain.option(args, "--ca", "target/mock.pem"));
    HttpClient http = HttpClient.newBuilder().sslContext(trusting(certificate)).build();
    List<String> lists = new ArrayList<>();
    for (String root : List.of("/api", "/apis")) {
      JsonNode discovery = JSON.readTree(get(http, server + root, AGGREGATED));
      for (JsonNode group : discovery.path("items")) {
        String name = group.path("metadata").path("name").asText("");
        JsonNode version = group.path("versions").get(0);
        for (JsonNode r : version.path("resources")) {
          boolean status = false;
          for (JsonNode s : r.path("subresources")) {
            status |= s.path("subresource").asText().equals("status");
          }
          if (status) {
            String prefix = name.isEmpty() ? "/api/" : "/apis/" + name + "/";
            lists.add(server + prefix + version.path("version").asText() + "/" + r.path("resource").asText());
          }
        }
      }
    }
    ExecutorService pool = Executors.newFixedThreadPool(concurrency);
    try {
      List<Future<long[]>> done = new ArrayList<>();
      for (String list : lists) {
        done.add(pool.submit(() -> pages(http, list, chunk)));
      }
      long pages = 0;
      long bytes = 0;
      for (Future<long[]> f : done) {
        pages += f.get()[0];
        bytes += f.get()[1];
      }
      System.out.println("Fetched " + lists.size() + " resources: " + pages + " pages, " + bytes + " bytes.");
    } finally {
      pool.shutdownNow();
    }
  }

  /** Pages and bytes of one list. */
  private static long[] pages(HttpClient http, String list, int chunk) throws Exception {
    long pages = 0;
    long bytes = 0;
    String token = "";
    do {
      String body = get(http, list + "?limit=" + chunk + (token.isEmpty() ? "" : "&continue=" + token), "application/json");
      pages++;
      bytes += body.length();
      // The server writes the list's metadata, and so its token, before the items.
      Matcher m = CONTINUE.matcher(body.substring(0, Math.min(body.length(), 512)));
      token = m.find() ? m.group(1) : "";
    } while (!token.isEmpty());
    return new long[] {pages, bytes};
  }

  private static String get(HttpClient http, String url, String accept) throws Exception {
    HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(URI.create(url)).header("Accept", accept).build(),
        HttpResponse.BodyHandlers.ofByteArray());
    if (r.statusCode() != 200) {
      throw new IllegalStateException("GET " + url + ": " + r.statusCode());
    }
    return new String(r.body(), StandardCharsets.UTF_8);
  }

  /** A TLS context that trusts the certificate in this PEM file (the mock's own, self-signed). */
  private static SSLContext trusting(Path certificate) throws Exception {
    KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
    trusted.load(null, null);
    try (InputStream pem = Files.newInputStream(certificate)) {
      trusted.setCertificateEntry("mock", CertificateFactory.getInstance("X.509").generateCertificate(pem));
    }
    TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    trust.init(trusted);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, trust.getTrustManagers(), null);
    return context;
  }
}
