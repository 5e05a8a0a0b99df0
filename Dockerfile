# The Verse service image: the gateway, every processor and the CLI; the command picks one.
#   docker build -t verse .
#   docker run verse gateway | processor transcription | processor alignment | processor webhook
#              | processor review-timer | processor sweeper | migrate
# NODE_BASE: a Debian bookworm image with Node 20 on its PATH. The official one by default; where no
# image can be pulled, the one `ops/containers.sh base` makes from Debian's and npm's own packages.
ARG NODE_BASE=docker.io/library/node:20-bookworm-slim

# The production dependencies only: no compiler, test runner or linter reaches the image.
FROM ${NODE_BASE} AS dependencies
# A CA bundle for npm to trust as well, where the build's network inspects TLS (ops/containers.sh).
ARG NODE_EXTRA_CA_CERTS
WORKDIR /srv/verse
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM ${NODE_BASE}
ARG VERSION=dev
ARG SOURCE=https://github.com/verse-lyrics/verse
LABEL org.opencontainers.image.title="verse" \
      org.opencontainers.image.description="Verse: lyrics transcription and alignment (gateway, processors, CLI)" \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.licenses="UNLICENSED"
WORKDIR /srv/verse
COPY --from=dependencies /srv/verse/node_modules node_modules
COPY package.json tsconfig.json ./
COPY bin bin
COPY core core
COPY gateway gateway
COPY processors processors
COPY sinks sinks
COPY ops ops
COPY schemas schemas
# Production unless the deployment says otherwise: development defaults (secrets, replication) are
# refused there. Objects go to S3 (VERSE_STORAGE_URL); the data directory is for a mounted volume.
ENV NODE_ENV=production VERSE_MODE=production VERSE_HOST=0.0.0.0 VERSE_PORT=8000 \
    VERSE_DATA_DIR=/var/lib/verse
RUN mkdir -p /var/lib/verse && chown 10001:10001 /var/lib/verse
USER 10001:10001
EXPOSE 8000
# The gateway's liveness; a processor has no port, and its service turns this check off (compose).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.VERSE_PORT}/api/v1/health/live`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["bin/verse"]
CMD ["gateway"]
