# syntax=docker/dockerfile:1
#
# The condlint CLI image, for a machine with Docker. The released images (ghcr.io/condlint/condlint and
# ghcr.io/condlint/condlint-webhook) are built by Jib without a Docker daemon: build-tools/release/images
# and docs/releasing.md. Build from the repository root:
#   docker build -t condlint:0.1.0 .
# Run it on the current directory (mounted at /work, its working directory):
#   docker run --rm -v "$PWD:/work" condlint:0.1.0 lint .
#   docker run --rm -u "$(id -u):$(id -g)" -v "$PWD:/work" condlint:0.1.0 lint --format sarif -o condlint.sarif .
#
# Base images are pinned by the digest of their multi-platform index; update tag and digest together.
# - maven:3.9.16-eclipse-temurin-17-noble: digest as resolved with `docker buildx imagetools inspect`
#   on 2026-09-14 (a public provenance note that records tag, digest and review date).
# - eclipse-temurin:17-jre: digest that the tag resolved to on 2026-09-19
#   (https://github.com/jesstalisman-ia/intentional-arrangement-skos/pull/94, also pinned so elsewhere).

# ---- Build: Maven and a JDK; nothing of this stage reaches the image but the jars. -------------------
FROM maven:3.9.16-eclipse-temurin-17-noble@sha256:880934ae394bf91bc3e57d573e4fc04774f064f3c4df7ccd7cc10b3b126737bf AS build
WORKDIR /src

# Maven reads every module's pom, so all of them are copied, with the sources of the CLI and the
# modules it is built from.
COPY pom.xml ./
COPY layering/pom.xml layering/
COPY build-tools/pom.xml build-tools/
COPY model/pom.xml model/
COPY rules/pom.xml rules/
COPY yaml/pom.xml yaml/
COPY admission/pom.xml admission/
COPY cluster/pom.xml cluster/
COPY monitor/pom.xml monitor/
COPY linter-cli/pom.xml linter-cli/
COPY certs/pom.xml certs/
COPY webhook/pom.xml webhook/
COPY benchmarks/pom.xml benchmarks/
COPY layering/src layering/src
COPY build-tools/src build-tools/src
COPY model/src model/src
COPY rules/src rules/src
COPY yaml/src yaml/src
COPY admission/src admission/src
COPY cluster/src cluster/src
COPY monitor/src monitor/src
COPY linter-cli/src linter-cli/src
# No `dependency:go-offline` layer: it resolves every dependency the BOMs declare, optional ones included,
# and failed on one the Vert.x BOM pins that the build never uses. The build resolves only what it uses,
# into a BuildKit cache mount that later builds reuse (so a source change downloads nothing again).
# Tests are compiled (linter-cli's test classpath needs the rules test jar) but not run here: CI runs them.
# The runtime class path is split in two directories, third-party jars and condlint's own, so that
# the image keeps them in two layers and a condlint change ships only the small one. The class-path file
# is the one a Jib-built image has (build-tools/release/images), so the manifests in deploy/ run either.
RUN --mount=type=cache,id=condlint-m2,target=/root/.m2 \
    mvn -B -q -DskipTests -pl linter-cli -am package dependency:copy-dependencies -DincludeScope=runtime \
 && mkdir -p /image/libs /image/condlint \
 && cp linter-cli/target/condlint-cli-*.jar /image/condlint/ \
 && mv linter-cli/target/dependency/condlint-*.jar /image/condlint/ \
 && mv linter-cli/target/dependency/*.jar /image/libs/ \
 && printf '%s' '/app/libs/*:/app/condlint/*' >/image/jib-classpath-file \
 && printf '%s' 'dev.condlint.cli.Main' >/image/jib-main-class-file

# ---- Runtime: a JRE, the jars, a user without privileges. ------------------------------------------
FROM eclipse-temurin:17-jre@sha256:bd25c61779663bc2df8ced059f1cc114fafc073afe16125c13fcc3a37fecd845 AS cli
RUN groupadd --system --gid 10001 condlint \
 && useradd --system --uid 10001 --gid condlint --home-dir /work --no-create-home --shell /usr/sbin/nologin condlint
COPY --from=build /image/libs/ /app/libs/
COPY --from=build /image/condlint/ /app/condlint/
COPY --from=build /image/jib-classpath-file /image/jib-main-class-file /app/
USER 10001:10001
WORKDIR /work
# The serial collector starts quickest and keeps a one-shot run's memory flat (as the ./condlint
# launcher does); JAVA_TOOL_OPTIONS adds or overrides flags.
ENTRYPOINT ["java", "-XX:+UseSerialGC", "-cp", "@/app/jib-classpath-file", "dev.condlint.cli.Main"]
CMD ["--help"]
