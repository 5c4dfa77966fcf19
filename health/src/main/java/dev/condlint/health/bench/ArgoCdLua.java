package dev.condlint.health.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.health.HealthStatus;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.luaj.vm2.LoadState;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.Globals;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.compiler.LuaC;
import org.luaj.vm2.lib.CoroutineLib;
import org.luaj.vm2.lib.OneArgFunction;
import org.luaj.vm2.lib.PackageLib;
import org.luaj.vm2.lib.StringLib;
import org.luaj.vm2.lib.TableLib;
import org.luaj.vm2.lib.jse.JseBaseLib;
import org.luaj.vm2.lib.jse.JseMathLib;
import org.luaj.vm2.lib.jse.JseOsLib;

/**
 * Runs an Argo CD health script ({@code health.lua}) the way Argo CD does (argoproj/argo-cd
 * {@code util/lua/lua.go}, {@code ExecuteHealthLua}): a fresh Lua 5.1 state per object, the object as
 * the global {@code obj} (integers and floats as numbers, JSON nulls left out), the base, package and
 * table libraries and a safe {@code os} with only {@code time} and {@code date}; with the standard
 * libraries ({@code useOpenLibs}, as Argo CD runs its built-in scripts and its own tests) also
 * {@code string}, {@code math} and {@code coroutine}. A run is given one second, Argo CD's limit. The
 * returned table is read as Argo CD reads it: a {@code status} Argo CD does not know becomes Unknown,
 * "Lua returned an invalid health status"; nil is no status at all.
 *
 * <p>Not reproduced: gopher-lua's {@code io} and {@code debug} libraries under {@code useOpenLibs}
 * (no health script needs them, and a bench that runs other people's scripts should not offer them).
 */
public final class ArgoCdLua {
  /** Argo CD's time limit for one script run (the context deadline in {@code runLua}). */
  public static final Duration TIME_LIMIT = Duration.ofSeconds(1);
  /**
   * The limit is counted in the script thread's CPU time where the JVM measures it: on a loaded machine
   * (a CI runner, a test run beside a build) a first run that compiles the script can wait longer than
   * 1s for a core without running long. A script that loops burns CPU and is stopped all the same; one
   * that waits longer than this in all is stopped too.
   */
  private static final Duration WALL_LIMIT = Duration.ofSeconds(30);
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private static final ExecutorService RUNNER = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "condlint-lua");
    t.setDaemon(true);
    return t;
  });

  private final String script;
  private final String name;
  private final boolean openLibs;

  /**
   * @param name how errors name the script (its file name)
   * @param openLibs whether the standard libraries are open, as for Argo CD's built-in scripts and an
   *     argocd-cm customization with {@code useOpenLibs: true}
   */
  public ArgoCdLua(String name, String script, boolean openLibs) {
    this.name = name;
    this.script = script;
    this.openLibs = openLibs;
  }

  /** What a script concluded for an object: a status (empty for none), or the error it raised. */
  public record Outcome(Optional<HealthStatus> status, String message, Optional<String> error) {
    static Outcome of(Optional<HealthStatus> status, String message) {
      return new Outcome(status, message, Optional.empty());
    }

    static Outcome failure(String error) {
      return new Outcome(Optional.of(HealthStatus.UNKNOWN), error, Optional.of(error));
    }

    /** {@code Healthy}, {@code (none)} or {@code error}. */
    public String statusLabel() {
      return error.isPresent() ? "error" : status.map(HealthStatus::label).orElse("(none)");
    }
  }

  /** Checks that the script compiles; the error names the line. */
  public Optional<String> syntaxError() {
    try {
      globals().load(script, name);
      return Optional.empty();
    } catch (LuaError e) {
      return Optional.of(syntaxMessage(name, String.valueOf(e.getMessage())));
    }
  }

  /** luaj's reserved words and multi-character tokens, from its first token code (257), as Lua 5.2 orders them. */
  private static final List<String> TOKENS = List.of("and", "break", "do", "else", "elseif", "end", "false", "for",
      "function", "goto", "if", "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
      "..", "...", "==", ">=", "<=", "~=", "::", "<eof>");

  /**
   * A compiler message as a user reads one: {@code NAME:LINE: error: ...}, without luaj's
   * {@code [string "NAME"]} and with a token it shows by its code ({@code symbol 274 (Ē)}) by its text.
   */
  static String syntaxMessage(String name, String message) {
    String m = message.replace("[string \"" + name + "\"]:", name + ":");
    java.util.regex.Matcher t = java.util.regex.Pattern.compile("symbol (\\d+) \\(.\\)").matcher(m);
    if (t.find()) {
      int code = Integer.parseInt(t.group(1)) - 257;
      if (code >= 0 && code < TOKENS.size()) {
        m = m.substring(0, t.start()) + "symbol '" + TOKENS.get(code) + "'" + m.substring(t.end());
      }
    }
    java.util.regex.Matcher at = java.util.regex.Pattern.compile("^(" + java.util.regex.Pattern.quote(name) + ":\\d+): ").matcher(m);
    return at.find() ? at.group(1) + ": error: " + m.substring(at.end()) : m;
  }

  /** Runs the script on one object. */
  public Outcome run(JsonNode object) {
    AtomicLong thread = new AtomicLong(-1);
    AtomicLong cpuAtStart = new AtomicLong();
    Future<Outcome> run = RUNNER.submit(() -> {
      cpuAtStart.set(cpuTime());
      thread.set(Thread.currentThread().getId());
      return runHere(object);
    });
    long wallDeadline = System.nanoTime() + WALL_LIMIT.toNanos();
    try {
      while (true) {
        try {
          return run.get(TIME_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
          if (cpuSince(thread.get(), cpuAtStart.get()) >= TIME_LIMIT.toNanos() || System.nanoTime() > wallDeadline) {
            run.cancel(true);
            return Outcome.failure("the script ran longer than Argo CD's limit of 1s");
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Outcome.failure("interrupted");
    } catch (ExecutionException e) {
      return Outcome.failure(String.valueOf(e.getCause()));
    }
  }

  private static long cpuTime() {
    return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
  }

  /** CPU time the thread spent since {@code start}; where the JVM cannot tell, as if the limit were spent. */
  private static long cpuSince(long threadId, long start) {
    if (threadId < 0) {
      return 0; // not started yet: waiting for a thread
    }
    long now = start < 0 ? -1 : THREADS.getThreadCpuTime(threadId);
    return now < 0 ? Long.MAX_VALUE : now - start;
  }

  private Outcome runHere(JsonNode object) {
    Globals globals = globals();
    globals.set("obj", toLua(object));
    LuaValue result;
    try {
      Varargs returned = globals.load(script, name).invoke();
      result = returned.narg() == 0 ? LuaValue.NIL : returned.arg(returned.narg());
    } catch (LuaError e) {
      return Outcome.failure(e.getMessage());
    }
    if (result.isnil()) {
      return Outcome.of(Optional.empty(), "");
    }
    if (!result.istable()) {
      return Outcome.failure("expect table output from Lua script, not " + result.typename());
    }
    LuaValue status = result.get("status");
    LuaValue message = result.get("message");
    if (!status.isnil() && status.type() != LuaValue.TSTRING || !message.isnil() && message.type() != LuaValue.TSTRING) {
      return Outcome.failure("the table's status and message must be strings");
    }
    String text = message.isnil() ? "" : message.tojstring();
    if (status.isnil()) {
      return Outcome.of(Optional.empty(), text);
    }
    Optional<HealthStatus> parsed = HealthStatus.parse(status.tojstring());
    if (parsed.isEmpty()) {
      return Outcome.of(Optional.of(HealthStatus.UNKNOWN), "Lua returned an invalid health status");
    }
    return Outcome.of(parsed, text);
  }

  private Globals globals() {
    Globals g = new Globals();
    g.load(new JseBaseLib());
    g.load(new PackageLib());
    // Files stay closed: Argo CD's scripts have no business with them, and this bench runs others' scripts.
    g.set("dofile", LuaValue.NIL);
    g.set("loadfile", LuaValue.NIL);
    g.load(new TableLib());
    LuaValue table = g.get("table");
    // Lua 5.1's globals, which gopher-lua keeps and luaj 3 (a Lua 5.2) moved or dropped.
    g.set("unpack", table.get("unpack"));
    g.set("loadstring", g.get("load"));
    table.set("getn", new OneArgFunction() {
      @Override
      public LuaValue call(LuaValue t) {
        return t.len();
      }
    });
    if (openLibs) {
      g.load(new StringLib());
      g.load(new JseMathLib());
      g.load(new CoroutineLib());
    }
    Globals withOs = new Globals();
    withOs.load(new JseBaseLib());
    withOs.load(new PackageLib());
    withOs.load(new JseOsLib());
    LuaTable os = new LuaTable();
    os.set("time", withOs.get("os").get("time"));
    os.set("date", withOs.get("os").get("date"));
    g.set("os", os);
    LuaTable loaded = new LuaTable();
    for (String lib : new String[] {"_G", "table", "string", "math", "coroutine", "os"}) {
      LuaValue value = lib.equals("_G") ? g : g.get(lib);
      if (!value.isnil()) {
        loaded.set(lib, value);
      }
    }
    LuaTable pkg = new LuaTable();
    pkg.set("loaded", loaded);
    g.set("package", pkg);
    g.set("require", new OneArgFunction() {
      @Override
      public LuaValue call(LuaValue module) {
        LuaValue found = loaded.get(module.checkjstring());
        if (found.isnil()) {
          throw new LuaError("module '" + module.tojstring() + "' not found");
        }
        return found;
      }
    });
    LoadState.install(g);
    LuaC.install(g);
    return g;
  }

  /** The object as Argo CD hands it to Lua ({@code decodeValue}). */
  static LuaValue toLua(JsonNode node) {
    if (node.isObject()) {
      LuaTable table = new LuaTable();
      Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> e = fields.next();
        if (!e.getValue().isNull()) {
          table.set(e.getKey(), toLua(e.getValue()));
        }
      }
      return table;
    }
    if (node.isArray()) {
      LuaTable table = new LuaTable();
      int i = 1;
      for (JsonNode item : node) {
        if (!item.isNull()) {
          table.set(i++, toLua(item));
        }
      }
      return table;
    }
    if (node.isTextual()) {
      return LuaValue.valueOf(node.asText());
    }
    if (node.isBoolean()) {
      return LuaValue.valueOf(node.asBoolean());
    }
    if (node.isIntegralNumber() && node.canConvertToInt()) {
      return LuaValue.valueOf(node.asInt());
    }
    if (node.isNumber()) {
      return LuaValue.valueOf(node.asDouble());
    }
    return LuaValue.NIL;
  }
}
