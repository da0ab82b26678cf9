# Opsdeck's container image: the console (`serve`, the default command) and the agent
# (`agent`) from one image. docs/deploy.md says how to build and run it; `npm run test:image`
# builds it and proves it serves, runs a check and keeps its data across a restart.
#
# Node 22 on Debian bookworm: Node 20 (the project's minimum) reached its end of life in
# April 2026, 22 is a long-term-support line; bookworm-slim is the smallest official variant
# that still has apt for bubblewrap and tini.
ARG NODE_IMAGE=node:22-bookworm-slim

# ---------------------------------------------------------------------------------------------
# build: every dependency, then the web app and the server bundle.
FROM ${NODE_IMAGE} AS build
WORKDIR /src
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
# No install scripts: `prepare` would build before the sources are here, and the optional
# native speed-ups of ssh2 need a compiler the slim image does not have (they fall back to JS).
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
# build.mjs takes the commit from here: the build context has no .git.
ARG REVISION=unknown
RUN OPSDECK_COMMIT="${REVISION}" npm run build \
 && node -e 'const p=require("./package.json");require("fs").writeFileSync("runtime-package.json",JSON.stringify({name:p.name,version:p.version,private:true,type:"module",license:p.license,engines:p.engines},null,2)+"\n")'

# ---------------------------------------------------------------------------------------------
# deps: the server's production dependencies only (the web app is static files by now).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --omit=dev --ignore-scripts --workspace apps/server --no-audit --no-fund \
 && rm -rf node_modules/@opsdeck \
 && mkdir -p apps/server/node_modules

# ---------------------------------------------------------------------------------------------
# runtime
FROM ${NODE_IMAGE}
ARG VERSION=0.1.0
ARG REVISION=unknown
ARG SOURCE=
LABEL org.opencontainers.image.title="Opsdeck" \
      org.opencontainers.image.description="Operations and observability console; also its agent" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.licenses="Apache-2.0"

# bubblewrap isolates scripts (exec checks, playbook actions); tini is PID 1, forwards SIGTERM
# to the server and reaps what scripts leave behind; git reads local repositories for the file
# scraper.
RUN apt-get update \
 && apt-get install -y --no-install-recommends bubblewrap tini git ca-certificates \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/archives/*.deb \
 && groupadd --gid 10001 opsdeck \
 && useradd --uid 10001 --gid 10001 --home-dir /tmp --no-create-home --shell /usr/sbin/nologin opsdeck \
 && mkdir -p /data \
 && chown 10001:10001 /data \
 && chmod 0700 /data

WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/apps/server/node_modules ./apps/server/node_modules
COPY --from=build /src/runtime-package.json ./package.json
COPY --from=build /src/apps/server/package.json ./apps/server/package.json
COPY --from=build /src/apps/server/dist ./apps/server/dist
COPY --from=build /src/apps/web/dist ./apps/web/dist
# `opsdeck` on PATH, and for `npx opsdeck` in /app (the command the first-admin box prints):
# npx runs a program of node_modules/.bin as it is; a package.json `bin` of its own it would
# first copy into its cache, which a read-only root does not allow.
RUN ln -s /app/apps/server/dist/main.js /usr/local/bin/opsdeck \
 && ln -s ../../apps/server/dist/main.js node_modules/.bin/opsdeck

# The image listens on every interface (the container's network is its boundary); builtin
# sign-in is the default, and AUTH_MODE=none refuses a non-loopback HOST. Only DATA_DIR and
# /tmp are written, so the root filesystem may be read-only. npm's cache (for `npx opsdeck`)
# goes to /tmp too.
ENV HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    NPM_CONFIG_CACHE=/tmp/.npm \
    NPM_CONFIG_UPDATE_NOTIFIER=false
VOLUME ["/data"]
EXPOSE 8080
USER 10001:10001

# Exec form: no shell. A short Node fetch, since the slim image has neither curl nor wget.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# Production start: `serve` without --demo never seeds demo data. `agent` runs the same image
# as an agent (UPSTREAM_URL, UPSTREAM_TOKEN); `migrate` and `admin reset-password` work too.
ENTRYPOINT ["/usr/bin/tini", "--", "opsdeck"]
CMD ["serve"]
