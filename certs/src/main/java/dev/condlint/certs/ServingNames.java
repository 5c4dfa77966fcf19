package dev.condlint.certs;

import java.util.List;

/** The DNS names under which the API server reaches a Service. */
public final class ServingNames {
  private ServingNames() {}

  /**
   * SERVICE, SERVICE.NAMESPACE, SERVICE.NAMESPACE.svc and SERVICE.NAMESPACE.svc.CLUSTER_DOMAIN; the API
   * server calls webhooks on {@code SERVICE.NAMESPACE.svc}, the others serve in-cluster clients.
   */
  public static List<String> forService(String service, String namespace, String clusterDomain) {
    String svc = service + "." + namespace + ".svc";
    return List.of(service, service + "." + namespace, svc, svc + "." + clusterDomain);
  }
}
