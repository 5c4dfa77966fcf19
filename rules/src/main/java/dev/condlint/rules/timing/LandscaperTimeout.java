package dev.condlint.rules.timing;

import java.util.Arrays;
import java.util.Optional;

/**
 * The Landscaper's deploy item timeouts: the key that configures each in its {@code deployItemTimeouts}
 * (and in this timing's catalogue entry), and the {@code lastError.reason} a deploy item failed by it
 * carries (gardener/landscaper apis/core/v1alpha1/constants.go).
 */
public enum LandscaperTimeout {
  PICKUP("pickup", "PickupTimeout", "pickup timeout"),
  PROGRESSING("progressingDefault", "ProgressingTimeout", "progressing timeout"),
  ABORTING("abort", "AbortingTimeout", "aborting timeout");

  private final String key;
  private final String reason;
  private final String words;

  LandscaperTimeout(String key, String reason, String words) {
    this.key = key;
    this.reason = reason;
    this.words = words;
  }

  /** The key in {@code deployItemTimeouts}: {@code pickup}, {@code progressingDefault}, {@code abort}. */
  public String key() {
    return key;
  }

  /** The {@code lastError.reason} of an item this timeout failed: {@code PickupTimeout}. */
  public String reason() {
    return reason;
  }

  /** The timeout in words, for messages: {@code pickup timeout}. */
  public String words() {
    return words;
  }

  /** The timeout that a {@code lastError.reason} names, if it names one. */
  public static Optional<LandscaperTimeout> ofReason(String reason) {
    return Arrays.stream(values()).filter(t -> t.reason.equals(reason)).findFirst();
  }
}
