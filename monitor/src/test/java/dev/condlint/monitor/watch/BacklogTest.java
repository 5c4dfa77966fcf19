package dev.condlint.monitor.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The reading of lists waits while too many objects await the judge, and goes on as they are judged. */
class BacklogTest {
  @Test
  void theReaderWaitsOverTheBoundUntilAnObjectIsJudged() throws Exception {
    Backlog backlog = new Backlog(2);
    Backlog.Share share = backlog.share();
    share.added();
    share.added();
    CountDownLatch third = new CountDownLatch(1);
    Thread reader = new Thread(() -> {
      share.added();
      third.countDown();
    });
    reader.start();
    assertFalse(third.await(300, TimeUnit.MILLISECONDS), "the third object waits while two await the judge");
    assertEquals(3, backlog.waiting());
    share.done();
    assertTrue(third.await(5, TimeUnit.SECONDS), "judging one lets the reader go on");
    reader.join();
    assertEquals(2, backlog.waiting());
  }

  @Test
  void aStoppedInformerGivesBackWhatItHadWaiting() {
    Backlog backlog = new Backlog(10);
    Backlog.Share stopped = backlog.share();
    Backlog.Share other = backlog.share();
    stopped.added();
    stopped.added();
    other.added();
    stopped.abandon();
    assertEquals(1, backlog.waiting());
    // Its handler may still run once: that gives back nothing more.
    stopped.done();
    assertEquals(1, backlog.waiting());
    other.done();
    assertEquals(0, backlog.waiting());
  }
}
