package dev.condlint.rules.profile;

/** The names of the built-in profiles (CONVENTIONS.md §4), which configuration files and flags use. */
public final class ProfileNames {
  public static final String K8S = "k8s";
  public static final String KSTATUS = "kstatus";
  public static final String FLUX = "flux";
  public static final String KNATIVE = "knative";
  public static final String CAPI_V1BETA2 = "capi-v1beta2";
  public static final String CAPI_V1BETA1 = "capi-v1beta1";
  public static final String GATEWAY_API = "gateway-api";
  public static final String CERT_MANAGER = "cert-manager";

  private ProfileNames() {}
}
